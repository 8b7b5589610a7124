import { academicTerms } from '@allot/shared-events/browser';
import { textOf } from '../resources/cellText.js';
import { ResourceListPage } from '../resources/ResourceListPage.js';
import { DefinitionPage } from './DefinitionPage.js';

/** Academic periods; a period's details list its terms (created within it). */
export default function AcademicPeriodsPage() {
  return (
    <DefinitionPage
      path="academicPeriods"
      renderDetail={(period) => (
        <ResourceListPage
          key={period.id}
          embedded
          definition={academicTerms}
          title={`Terms of ${textOf(period.name)}`}
          fixed={{ AcademicPeriodId: period.id }}
        />
      )}
    />
  );
}

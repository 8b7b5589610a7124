import { academicTerms, progressSteps } from '@allot/shared-events/browser';
import { textOf } from '../../../lib/resources/cellText.js';
import { ResourceListPage } from '../../../components/resources/ResourceListPage.js';
import { DefinitionPage } from '../../../components/resources/DefinitionPage.js';

/**
 * Academic periods; a period's details list its terms and its progress steps (the planning cycle,
 * DESIGN §7: the highest active step is the current one, and step 6 opens department review).
 */
export default function AcademicPeriodsPage() {
  return (
    <DefinitionPage
      path="academicPeriods"
      renderDetail={(period) => (
        <>
          <ResourceListPage
            key={`terms-${period.id}`}
            embedded
            definition={academicTerms}
            title={`Terms of ${textOf(period.name)}`}
            fixed={{ AcademicPeriodId: period.id }}
          />
          <ResourceListPage
            key={`steps-${period.id}`}
            embedded
            definition={progressSteps}
            title={`Progress steps of ${textOf(period.name)}`}
            fixed={{ AcademicPeriodId: period.id }}
          />
        </>
      )}
    />
  );
}

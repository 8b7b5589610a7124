import { useNavigate } from 'react-router';
import { effortPositions } from '@allot/shared-events/browser';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { ResourceListPage } from '../../../components/resources/ResourceListPage.js';
import { useAbility } from '../../../lib/auth/useAbility.js';
import { EffortImportList } from '../imports/EffortImportList.js';
import '../../../lib/imports/imports.css';
import { EffortOverview } from '../overview/EffortOverview.js';
import '../effort.css';

/**
 * Effort Management's overview (/effort): effort per instructor of the working period — planned
 * points beside payroll's effort per area, gaps and overlaps flagged, totals per workgroup — and
 * the instructors' payroll positions, each linked to its effort timeline, and for those who read
 * the payroll imports without importing (admins, contributors) the imports (docs/effort.md).
 */
export default function EffortOverviewPage() {
  const navigate = useNavigate();
  const { ability } = useAbility();
  // Effort managers see the imports where they import; those who only read them see them here.
  const readsImportsOnly =
    ability.can('read', 'EffortImport') && !ability.can('create', 'EffortImport');
  return (
    <PageFrame title="Effort Management">
      <EffortOverview />
      <ResourceListPage
        embedded
        definition={effortPositions}
        title="Positions"
        rowLink={{
          icon: 'timeline-bar-chart',
          text: 'Timeline',
          label: (row) => `Effort timeline of position ${String(row.positionNumber)}`,
          onClick: (row) =>
            void navigate(`/effort/timeline/position/${encodeURIComponent(row.id)}`),
        }}
      />
      {readsImportsOnly && <EffortImportList canUndo={false} />}
    </PageFrame>
  );
}

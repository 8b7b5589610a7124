import { useNavigate } from 'react-router';
import { effortPositions } from '@allot/shared-events/browser';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { ResourceListPage } from '../../../components/resources/ResourceListPage.js';
import { EffortOverview } from '../overview/EffortOverview.js';
import '../effort.css';

/**
 * Effort Management's overview (/effort): effort per instructor of the working period — planned
 * points beside payroll's effort per area, gaps and overlaps flagged, totals per workgroup — and
 * the instructors' payroll positions, each linked to its effort timeline (docs/effort.md).
 */
export default function EffortOverviewPage() {
  const navigate = useNavigate();
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
    </PageFrame>
  );
}

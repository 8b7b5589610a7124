import { useNavigate } from 'react-router';
import { effortPositions } from '@allot/shared-events/browser';
import { ResourceListPage } from '../../../components/resources/ResourceListPage.js';

/**
 * Effort Management's overview (/effort). For now it holds the instructors' payroll positions —
 * entered by hand or created by imports, each with its dates, FTE and cost centre, and a link to
 * its effort timeline (docs/effort.md); effort per instructor, period and category joins it.
 */
export default function EffortOverviewPage() {
  const navigate = useNavigate();
  return (
    <ResourceListPage
      definition={effortPositions}
      title="Effort Management"
      rowLink={{
        icon: 'timeline-bar-chart',
        text: 'Timeline',
        label: (row) => `Effort timeline of position ${String(row.positionNumber)}`,
        onClick: (row) => void navigate(`/effort/timeline/position/${encodeURIComponent(row.id)}`),
      }}
    />
  );
}

import { effortPositions } from '@allot/shared-events/browser';
import { ResourceListPage } from '../../../components/resources/ResourceListPage.js';

/**
 * Effort Management's overview (/effort). For now it holds the instructors' payroll positions —
 * entered by hand here, each with its dates, FTE and cost centre (docs/effort.md); effort per
 * instructor, period and category joins it once payroll effort can be imported.
 */
export default function EffortOverviewPage() {
  return <ResourceListPage definition={effortPositions} title="Effort Management" />;
}

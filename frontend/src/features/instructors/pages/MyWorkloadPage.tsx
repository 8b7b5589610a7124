import { useMyWorkloadQuery } from '../api/workloadApi.js';
import { WorkloadDetail } from '../components/WorkloadDetail.js';

/** My Workload: the signed-in instructor's points, sections and duties in their working period. */
export default function MyWorkloadPage() {
  const mine = useMyWorkloadQuery();
  return (
    <WorkloadDetail
      query={mine}
      emptyText="You are not assigned to any section in this period yet."
    />
  );
}

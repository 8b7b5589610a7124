import { useParams } from 'react-router';
import { useInstructorWorkloadQuery } from './workloadApi.js';
import { WorkloadDetail } from './WorkloadDetail.js';

/** /instructorWorkload/:UserId: one instructor's workload in the working period. */
export default function InstructorWorkloadPage() {
  const userId = useParams()['*'] ?? '';
  const one = useInstructorWorkloadQuery(userId, { skip: userId === '' });
  return (
    <WorkloadDetail
      workload={one.data}
      loading={one.isLoading}
      error={one.error}
      retry={() => void one.refetch()}
      {...(one.data ? { title: `Workload of ${one.data.name}` } : {})}
      emptyText="No section is assigned to this instructor in this period."
    />
  );
}

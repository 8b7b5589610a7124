import {
  Button,
  Callout,
  Card,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { StatusTag } from '../../../components/status/AssignmentTags.js';
import type { InstructorWorkloadDetail } from '../api/workloadApi.js';
import '../instructors.css';

const pointsText = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

/** Required, assigned and remaining points, with the over/under-load flag. */
export function WorkloadSummary({ workload }: { workload: InstructorWorkloadDetail }) {
  const figures: [string, number, Intent?][] = [
    ['Required', workload.required],
    ['Teaching', workload.teaching],
    ['Administrative', workload.administrative],
    ['Assigned', workload.assigned],
    [
      'Remaining',
      workload.remaining,
      workload.overloaded ? Intent.DANGER : workload.underloaded ? Intent.WARNING : Intent.SUCCESS,
    ],
  ];
  return (
    <div className="allot-workload__summary" role="group" aria-label="Workload points">
      {figures.map(([label, value, intent]) => (
        <Card key={label} className="allot-workload__figure" compact>
          <div className="bp6-text-muted">{label}</div>
          <div className={`allot-workload__value${intent ? ` bp6-intent-${intent}` : ''}`}>
            {value}
          </div>
        </Card>
      ))}
      {workload.overloaded && (
        <Tag intent={Intent.DANGER} large>
          Over-loaded by {pointsText(-workload.remaining)}
        </Tag>
      )}
      {workload.underloaded && (
        <Tag intent={Intent.WARNING} large>
          Under-loaded: {pointsText(workload.remaining)} to assign
        </Tag>
      )}
    </div>
  );
}

/** One instructor's workload: the points, the sections taught and the administrative duties. */
export function WorkloadDetail({
  workload,
  loading,
  error,
  retry,
  title,
  emptyText,
}: {
  workload: InstructorWorkloadDetail | undefined;
  loading: boolean;
  error: FetchBaseQueryError | SerializedError | undefined;
  retry: () => void;
  title?: string;
  emptyText: string;
}) {
  if (loading) {
    return (
      <PageFrame>
        <Spinner aria-label="Loading the workload" />
      </PageFrame>
    );
  }
  if (error || !workload) {
    const problem = problemOf(error);
    return (
      <PageFrame>
        <NonIdealState
          icon={problem.status === 404 ? 'search' : 'error'}
          title={problem.status === 404 ? 'Nothing to show' : 'The workload could not be loaded'}
          description={problem.message}
          action={<Button icon="refresh" text="Try again" onClick={retry} />}
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame {...(title ? { title } : {})}>
      <WorkloadBody workload={workload} emptyText={emptyText} />
    </PageFrame>
  );
}

/** The points, the sections taught and the administrative duties, without the page around them. */
export function WorkloadBody({
  workload,
  emptyText,
}: {
  workload: InstructorWorkloadDetail;
  emptyText: string;
}) {
  return (
    <>
      <WorkloadSummary workload={workload} />
      <h3 className="bp6-heading allot-workload__heading">Sections</h3>
      {workload.sectionAssignments.length === 0 ? (
        <Callout icon="info-sign">{emptyText}</Callout>
      ) : (
        <HTMLTable striped className="allot-wide-table" aria-label="Sections">
          <thead>
            <tr>
              <th>Course</th>
              <th>Section</th>
              <th>Status</th>
              <th>Share</th>
              <th>Points</th>
              <th>Notes</th>
            </tr>
          </thead>
          <tbody>
            {workload.sectionAssignments.map((s) => (
              <tr key={s.id}>
                <td>
                  {s.courseNumber} {s.courseName}
                </td>
                <td>
                  {s.sectionNumber} {s.sectionName}
                </td>
                <td>
                  <StatusTag status={s.status} />
                </td>
                <td>{s.share}%</td>
                <td>{s.points}</td>
                <td>{s.notes}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {workload.administrativeAssignments.length > 0 && (
        <>
          <h3 className="bp6-heading allot-workload__heading">Administrative assignments</h3>
          <HTMLTable striped className="allot-wide-table" aria-label="Administrative assignments">
            <thead>
              <tr>
                <th>Type</th>
                <th>Term</th>
                <th>Points</th>
                <th>Whole term</th>
                <th>Notes</th>
              </tr>
            </thead>
            <tbody>
              {workload.administrativeAssignments.map((a) => (
                <tr key={a.id}>
                  <td>{a.typeName}</td>
                  <td>{a.termName ?? 'Whole period'}</td>
                  <td>{a.points}</td>
                  <td>{a.takesWholeTerm ? 'Yes' : 'No'}</td>
                  <td>{a.notes}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </>
  );
}

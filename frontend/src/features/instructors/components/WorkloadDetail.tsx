import type { ReactNode } from 'react';
import { Card, Intent, Tag } from '@blueprintjs/core';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { ListBody, loadedRows } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { QueryBody, type QueryResult } from '../../../components/list/QueryBody.js';
import type { InstructorWorkloadDetail, WorkloadSection } from '../api/workloadApi.js';
import { assignmentColumns } from './assignmentColumns.js';
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

/**
 * A workload answer in its states, filling the page until it is in: the spinner, "Nothing to
 * show" for an instructor or period the server does not know (404), or the error with Try again.
 */
export function WorkloadQuery({
  query,
  waiting = false,
  loadingLabel = 'Loading the workload',
  children,
}: {
  query: QueryResult<InstructorWorkloadDetail>;
  /** The read waits for something (the viewer's abilities) before it is sent. */
  waiting?: boolean;
  loadingLabel?: string;
  children: (workload: InstructorWorkloadDetail) => ReactNode;
}) {
  return (
    <QueryBody
      page
      what="The workload"
      query={query}
      waiting={waiting}
      loadingLabel={loadingLabel}
      notFound={{ icon: 'search', title: 'Nothing to show' }}
    >
      {children}
    </QueryBody>
  );
}

/** One instructor's workload: the points, the sections taught and the administrative duties. */
export function WorkloadDetail({
  query,
  title,
  emptyText,
}: {
  query: QueryResult<InstructorWorkloadDetail>;
  title?: string;
  emptyText: string;
}) {
  return (
    <WorkloadQuery query={query}>
      {(workload) => (
        <PageFrame {...(title ? { title } : {})}>
          <WorkloadBody workload={workload} emptyText={emptyText} />
        </PageFrame>
      )}
    </WorkloadQuery>
  );
}

const SECTION_COLUMNS = assignmentColumns<WorkloadSection>({ share: (s) => `${s.share}%` });

type AdministrativeAssignment = InstructorWorkloadDetail['administrativeAssignments'][number];
const ADMINISTRATIVE_COLUMNS: TableColumn<AdministrativeAssignment>[] = [
  { key: 'type', label: 'Type', width: 220, render: (a) => a.typeName },
  { key: 'term', label: 'Term', width: 140, render: (a) => a.termName ?? 'Whole period' },
  { key: 'points', label: 'Points', width: 80, render: (a) => a.points },
  {
    key: 'wholeTerm',
    label: 'Whole term',
    width: 110,
    render: (a) => (a.takesWholeTerm ? 'Yes' : 'No'),
  },
  { key: 'notes', label: 'Notes', width: 240, render: (a) => a.notes },
];

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
      <ListBody
        what="The sections"
        query={loadedRows(workload.sectionAssignments)}
        filtering={false}
        empty={{ icon: 'info-sign', title: 'No sections', description: emptyText }}
      >
        {(rows) => <PlainTable label="Sections" columns={SECTION_COLUMNS} rows={rows} />}
      </ListBody>
      {workload.administrativeAssignments.length > 0 && (
        <>
          <h3 className="bp6-heading allot-workload__heading">Administrative assignments</h3>
          <PlainTable
            label="Administrative assignments"
            columns={ADMINISTRATIVE_COLUMNS}
            rows={workload.administrativeAssignments}
          />
        </>
      )}
    </>
  );
}

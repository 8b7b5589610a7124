import { useMemo } from 'react';
import { Button, Intent, PopoverNext, Spinner } from '@blueprintjs/core';
import type { ChangedSinceAnswer } from '@allot/shared-events/browser';
import { ChangeList } from '../../../components/changes/index.js';
import {
  useChangedSinceApprovalQuery,
  useListChangesQuery,
} from '../../../components/changes/changesApi.js';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { AppTooltip } from '../../../components/AppTooltip.js';
import { whenOf } from '../../../lib/resources/historyFormat.js';
import type { AssignmentRow } from '../../../lib/domain/sectionTypes.js';
import './changedSinceApproval.css';

/** A changed row: the approval it is compared with, and where its changes since then start. */
export type ChangedRow = ChangedSinceAnswer['rows'][number];

/** The rows changed since the viewer last approved them. */
export interface ChangedSinceApproval {
  /** The viewer approved in at least one of the workgroups shown: marks mean something. */
  active: boolean;
  changeOf: (row: AssignmentRow) => ChangedRow | undefined;
}

/**
 * What changed on Section Assignments since the viewer last put their name to each row (the
 * change feed's GET /api/changes/changed): for the workgroup chosen, else for the few they
 * approved in. Kept current by the realtime event `changesRecorded`, their own approvals included.
 */
export function useChangedSinceApproval(
  period: string,
  workgroup: string,
  skip: boolean,
): ChangedSinceApproval {
  const changed = useChangedSinceApprovalQuery(
    {
      ...(period ? { AcademicPeriodId: period } : {}),
      ...(workgroup ? { WorkgroupId: workgroup } : {}),
    },
    { skip },
  );
  return useMemo(() => {
    const answer = changed.data;
    const rows = new Map((answer?.rows ?? []).map((row) => [row.id, row]));
    return {
      active: (answer?.workgroups ?? []).some((w) => w.since !== null),
      changeOf: (row) => rows.get(row.id),
    };
  }, [changed.data]);
}

/** The changes to a row's assignment and its section since the viewer last approved it. */
function RowChanges({ row, changed }: { row: AssignmentRow; changed: ChangedRow }) {
  const changes = useListChangesQuery({
    WorkgroupId: row.WorkgroupId,
    records: [row.id, row.SectionId],
    after: changed.after,
    take: 20,
  });
  const at = whenOf(changed.since.at);
  return (
    <div className="allot-changed-since">
      <p className="allot-changed-since-title">
        {changed.ownApproval
          ? `Changed since you approved it, on ${at}`
          : `Changed since your approval on ${at}`}
      </p>
      {changes.error ? (
        <p>The changes could not be loaded.</p>
      ) : !changes.data ? (
        <Spinner size={20} aria-label="Loading the changes" />
      ) : (
        <ChangeList rows={changes.data.rows} label="Changes since your approval, newest first" />
      )}
    </div>
  );
}

/** A changed row's mark: a button whose popover says what changed since the viewer's approval. */
function ChangedMark({
  row,
  rowLabel,
  changed,
}: {
  row: AssignmentRow;
  rowLabel: string;
  changed: ChangedRow;
}) {
  const label = `Changed since your approval: what changed in ${rowLabel}`;
  return (
    <PopoverNext
      placement="right-start"
      shouldReturnFocusOnClose
      // Loaded when opened: a page of marks asks nothing until one is read.
      content={<RowChanges row={row} changed={changed} />}
    >
      <AppTooltip content="Changed since your approval" placement="top">
        <Button
          size="small"
          variant="minimal"
          intent={Intent.WARNING}
          icon="history"
          aria-label={label}
          className="allot-changed-mark"
        />
      </AppTooltip>
    </PopoverNext>
  );
}

/**
 * The list's first column with the mark before the course on rows changed since the viewer
 * last approved them (the column keeps its width: the mark takes the place of nothing else).
 */
export function withChangedMarks(
  columns: TableColumn<AssignmentRow>[],
  marks: ChangedSinceApproval,
  rowLabel: (row: AssignmentRow) => string,
): TableColumn<AssignmentRow>[] {
  if (!marks.active) return columns;
  const [first, ...rest] = columns;
  if (!first) return columns;
  return [
    {
      ...first,
      interactive: true,
      render: (row) => {
        const changed = marks.changeOf(row);
        return (
          <span className="allot-changed-cell">
            {changed && <ChangedMark row={row} rowLabel={rowLabel(row)} changed={changed} />}
            {first.render(row)}
          </span>
        );
      },
    },
    ...rest,
  ];
}

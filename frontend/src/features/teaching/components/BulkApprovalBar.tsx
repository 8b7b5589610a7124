import { useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { BULK_APPROVAL_MAX } from '@allot/shared-events/browser';
import { Alert, Button, Callout, Checkbox, Collapse, Intent, ProgressBar } from '@blueprintjs/core';
import { notify } from '../../../lib/notifications/notify.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { useAppDispatch } from '../../../lib/hooks/useAppDispatch.js';
import {
  sectionsApi,
  useBulkApproveAssignmentsMutation,
  useListSectionAssignmentsQuery,
  type ListQuery,
} from '../../../lib/api/sectionsApi.js';
import type { AssignmentRow, BulkApprovalLevel } from '../../../lib/domain/sectionTypes.js';
import '../teaching.css';
import { plural } from '../../../lib/domain/counting.js';

const VERB: Record<BulkApprovalLevel, { button: string; done: string; doing: string }> = {
  approve: { button: 'Approve', done: 'Approved', doing: 'Approving' },
  finalize: { button: 'Finalize', done: 'Finalized', doing: 'Finalizing' },
};

type Source = { rows: readonly AssignmentRow[] } | { query: ListQuery; count: number };

interface Job {
  level: BulkApprovalLevel;
  count: number;
  source: Source;
}

interface Progress {
  level: BulkApprovalLevel;
  /** Still fetching the matching ids. */
  finding: boolean;
  total: number;
  sent: number;
  approved: number;
}

export interface BulkSummary {
  level: BulkApprovalLevel;
  total: number;
  approved: number;
  refused: { key: string; label: string; message: string }[];
  /** Not sent: stopped by the user or by a failed request (`error`). */
  notSent: number;
  error: string | null;
}

export const rowLabel = (a: AssignmentRow) =>
  `${a.courseNumber ?? 'Section'} ${a.sectionNumber} · ${a.instructorName ?? a.UserId}`;

export interface BulkApprovalBarProps {
  /** The selected rows by the level the user may give each (sectionAbility.ts decides). */
  selected: Record<BulkApprovalLevel, readonly AssignmentRow[]>;
  selectedCount: number;
  /** "Select all on this page": how many rows of the page may be selected, and are. */
  page: { selectable: number; selected: number; toggle: () => void };
  /** Whether the user gives the workgroup's approval anywhere (else academic affairs' only). */
  canApprove: boolean;
  /** Per level, the list query of "all matching" (the page's filters), or null where none applies. */
  matching: Record<BulkApprovalLevel, ListQuery | null>;
  onClearSelection: () => void;
}

/**
 * "N selected — Approve / Finalize" and "Approve all N matching": sends the assignments in
 * chunks of 200 to the bulk routes after a confirmation, with a progress bar, then a summary
 * that lists what the server refused and why.
 */
export function BulkApprovalBar(props: BulkApprovalBarProps) {
  const { selected, selectedCount, matching } = props;
  const dispatch = useAppDispatch();
  const [send] = useBulkApproveAssignmentsMutation();
  const [confirming, setConfirming] = useState<Job | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  const [showRefused, setShowRefused] = useState(false);
  const stopping = useRef(false);
  const approveCount = useListSectionAssignmentsQuery(matching.approve ?? skipToken);
  const finalizeCount = useListSectionAssignmentsQuery(matching.finalize ?? skipToken);
  const matchingCount: Record<BulkApprovalLevel, number> = {
    approve: matching.approve ? (approveCount.data?.count ?? 0) : 0,
    finalize: matching.finalize ? (finalizeCount.data?.count ?? 0) : 0,
  };

  /**
   * Every row of the query, a page at a time (pages of BULK_APPROVAL_MAX, the most one approval
   * request takes; the default order ends with the id: stable). An assignment added meanwhile
   * shifts the pages, so one may come twice: kept once, or its second sending would come back
   * refused as already approved.
   */
  async function rowsMatching(query: ListQuery): Promise<AssignmentRow[]> {
    const rows = new Map<string, AssignmentRow>();
    for (let skip = 0; ; skip += BULK_APPROVAL_MAX) {
      const page = dispatch(
        sectionsApi.endpoints.listSectionAssignments.initiate(
          { ...query, take: BULK_APPROVAL_MAX, skip },
          { subscribe: false, forceRefetch: true },
        ),
      );
      const answer = await page.unwrap();
      for (const row of answer.rows) rows.set(row.id, row);
      const last =
        answer.rows.length < BULK_APPROVAL_MAX || skip + BULK_APPROVAL_MAX >= answer.count;
      if (last || stopping.current) return [...rows.values()];
    }
  }

  async function run(job: Job) {
    const { level } = job;
    stopping.current = false;
    setSummary(null);
    setShowRefused(false);
    setProgress({ level, finding: 'query' in job.source, total: job.count, sent: 0, approved: 0 });
    const result: BulkSummary = {
      level,
      total: job.count,
      approved: 0,
      refused: [],
      notSent: 0,
      error: null,
    };
    let rows: readonly AssignmentRow[] = [];
    try {
      rows = 'rows' in job.source ? job.source.rows : await rowsMatching(job.source.query);
    } catch (error) {
      result.error = problemOf(error as Parameters<typeof problemOf>[0]).message;
    }
    const labels = new Map(rows.map((r) => [r.id, rowLabel(r)]));
    result.total = rows.length;
    setProgress({ level, finding: false, total: rows.length, sent: 0, approved: 0 });
    let sent = 0;
    while (sent < rows.length && !result.error && !stopping.current) {
      const chunk = rows.slice(sent, sent + BULK_APPROVAL_MAX);
      const answer = await send({
        level,
        assignments: chunk.map((r) => ({ SectionId: r.SectionId, id: r.id })),
      });
      if ('error' in answer) {
        result.error = problemOf(answer.error).message;
        break;
      }
      sent += chunk.length;
      result.approved += answer.data.approved.length;
      result.refused.push(
        ...answer.data.refused.map((r) => ({
          key: `${r.SectionId}/${r.id}`,
          label: labels.get(r.id) ?? r.id,
          message: r.message,
        })),
      );
      setProgress({ level, finding: false, total: rows.length, sent, approved: result.approved });
    }
    if (result.error && rows.length === 0) result.total = job.count;
    result.notSent = result.total - sent;
    setProgress(null);
    setSummary(result);
    props.onClearSelection();
    const refused = result.refused.length;
    void notify({
      message: `${VERB[level].done} ${String(result.approved)} of ${plural(result.total, 'assignment')}${
        refused ? `; ${String(refused)} refused` : ''
      }${result.notSent ? `; ${String(result.notSent)} not sent` : ''}.`,
      intent: refused || result.notSent ? Intent.WARNING : Intent.SUCCESS,
    });
  }

  const ask = (level: BulkApprovalLevel, source: Source, count: number) =>
    setConfirming({ level, source, count });

  let bar;
  if (progress) {
    const { level, total, sent, approved, finding } = progress;
    bar = (
      <>
        <ProgressBar
          intent={Intent.PRIMARY}
          value={finding ? undefined : total === 0 ? 1 : sent / total}
          aria-label={`${VERB[level].doing} assignments`}
        />
        <span role="status" aria-live="polite">
          {finding
            ? 'Finding the matching assignments…'
            : `${VERB[level].done} ${String(approved)} of ${String(total)}…`}
        </span>
        <Button
          size="small"
          text="Stop"
          icon="stop"
          onClick={() => {
            stopping.current = true;
          }}
        />
      </>
    );
  } else {
    const offer = (level: BulkApprovalLevel) => {
      const rows = selected[level];
      const all = matching[level];
      const label = level === 'approve' ? 'Approve (workgroup)' : 'Finalize';
      return (
        <>
          {rows.length > 0 && (
            <Button
              intent={Intent.SUCCESS}
              icon={level === 'approve' ? 'tick' : 'lock'}
              text={rows.length === selectedCount ? label : `${label}: ${String(rows.length)}`}
              onClick={() => ask(level, { rows }, rows.length)}
            />
          )}
          {all && matchingCount[level] > 0 && (
            <Button
              variant="outlined"
              icon={level === 'approve' ? 'tick-circle' : 'lock'}
              text={`${VERB[level].button} all ${String(matchingCount[level])} matching`}
              onClick={() =>
                ask(level, { query: all, count: matchingCount[level] }, matchingCount[level])
              }
            />
          )}
        </>
      );
    };
    const { page } = props;
    const offered = matchingCount.approve > 0 || matchingCount.finalize > 0;
    const asked = matching.approve !== null || matching.finalize !== null;
    const counting = approveCount.isFetching || finalizeCount.isFetching;
    const hint = props.canApprove
      ? 'Select assignments to approve several at once, or set the status to “Awaiting approval” to approve all that match.'
      : 'Select assignments to finalize several at once, or set the status to “Approved” to finalize all that match.';
    bar = (
      <>
        <Checkbox
          className="allot-select-box"
          label="Select all on this page"
          checked={page.selectable > 0 && page.selected === page.selectable}
          indeterminate={page.selected > 0 && page.selected < page.selectable}
          disabled={page.selectable === 0}
          onChange={page.toggle}
        />
        {selectedCount > 0 ? (
          <strong>{String(selectedCount)} selected</strong>
        ) : offered || counting ? null : (
          <span className="allot-teaching-muted">
            {asked ? 'Nothing here awaits your approval.' : hint}
          </span>
        )}
        {offer('approve')}
        {offer('finalize')}
        {selectedCount > 0 && (
          <Button variant="minimal" text="Clear selection" onClick={props.onClearSelection} />
        )}
      </>
    );
  }

  return (
    <>
      <div className="allot-bulk-bar" role="region" aria-label="Bulk approval">
        {bar}
      </div>
      {summary && (
        <BulkSummaryCallout
          summary={summary}
          showRefused={showRefused}
          onToggleRefused={() => setShowRefused((s) => !s)}
          onDismiss={() => setSummary(null)}
        />
      )}
      {confirming && (
        <Alert
          isOpen
          icon={confirming.level === 'approve' ? 'tick' : 'lock'}
          intent={Intent.PRIMARY}
          cancelButtonText="Cancel"
          confirmButtonText={`${VERB[confirming.level].button} ${String(confirming.count)}`}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const job = confirming;
            setConfirming(null);
            void run(job);
          }}
        >
          <p>
            {confirming.level === 'approve'
              ? `Approve ${plural(confirming.count, 'assignment')} for the workgroup?`
              : `Make ${plural(confirming.count, 'assignment')} final for academic affairs?`}
          </p>
          <p>
            Each is checked as if approved on its own; those that may not be are left as they are
            and listed afterwards.
          </p>
        </Alert>
      )}
    </>
  );
}

function BulkSummaryCallout({
  summary,
  showRefused,
  onToggleRefused,
  onDismiss,
}: {
  summary: BulkSummary;
  showRefused: boolean;
  onToggleRefused: () => void;
  onDismiss: () => void;
}) {
  const { level, total, approved, refused, notSent, error } = summary;
  const clean = refused.length === 0 && notSent === 0 && !error;
  return (
    <Callout
      className="allot-bulk-summary"
      intent={clean ? Intent.SUCCESS : Intent.WARNING}
      title={`${VERB[level].done} ${String(approved)} of ${plural(total, 'assignment')}`}
    >
      {refused.length > 0 && (
        <p>{plural(refused.length, 'assignment was', 'assignments were')} refused.</p>
      )}
      {notSent > 0 && (
        <p>
          {error ? `Stopped: ${error} ` : 'Stopped. '}
          {plural(notSent, 'assignment was', 'assignments were')} not sent.
        </p>
      )}
      {refused.length > 0 && (
        <Button
          size="small"
          variant="minimal"
          icon={showRefused ? 'chevron-down' : 'chevron-right'}
          text={showRefused ? 'Hide the refused' : `Show the ${String(refused.length)} refused`}
          aria-expanded={showRefused}
          onClick={onToggleRefused}
        />
      )}
      <Button
        className="allot-bulk-summary-dismiss"
        size="small"
        variant="minimal"
        icon="cross"
        aria-label="Dismiss the summary"
        title="Dismiss"
        onClick={onDismiss}
      />
      <Collapse isOpen={showRefused}>
        <ul aria-label="Refused assignments">
          {refused.map((r) => (
            <li key={r.key}>
              <strong>{r.label}</strong>: {r.message}
            </li>
          ))}
        </ul>
      </Collapse>
    </Callout>
  );
}

import { useState } from 'react';
import { Alert, Button, HTMLTable, Intent, Tag, TextArea } from '@blueprintjs/core';
import { subjectOf } from '@allot/shared-events/browser';
import { notify } from '../notifications/notify.js';
import { problemOf } from '../resources/serverErrors.js';
import { useResourceAbility } from '../resources/useResourceAbility.js';
import {
  useRecordProgressActionMutation,
  useWorkgroupApprovalsQuery,
  type ApprovalStatus,
} from './dashboardApi.js';

const STATUS_INTENT: Record<ApprovalStatus, Intent> = {
  pending: Intent.NONE,
  submitted: Intent.PRIMARY,
  approved: Intent.SUCCESS,
  returned: Intent.WARNING,
};
type Action = 'submit' | 'approve' | 'return';
const ACTION_LABEL: Record<Action, string> = {
  submit: 'Submit',
  approve: 'Approve',
  return: 'Return',
};
const DONE: Record<Action, string> = {
  submit: 'submitted',
  approve: 'approved',
  return: 'returned',
};

/** The active progress steps: each workgroup's approval status, and the actions the viewer may take. */
export function PlanningProgress() {
  const ability = useResourceAbility();
  // Asking without the ability would answer 403, and every 403 refreshes the auth context.
  const approvals = useWorkgroupApprovalsQuery(undefined, {
    skip: !ability?.can('read', 'WorkgroupApproval'),
  });
  const [record, recording] = useRecordProgressActionMutation();
  const [asking, setAsking] = useState<{
    step: string;
    stepName: string;
    WorkgroupId: string;
    name: string;
    action: Action;
  } | null>(null);
  const [comment, setComment] = useState('');
  if (!approvals.data || approvals.data.steps.length === 0) return null;
  const active = approvals.data.steps.filter((s) => s.isActive);
  if (active.length === 0) return null;

  const may = (action: Action, WorkgroupId: string) => {
    if (!ability) return false;
    const sections = subjectOf('Section', { WorkgroupId });
    return action === 'submit'
      ? ability.can('assign', sections) || ability.can('create', 'SectionAssignment')
      : ability.can('approve', sections) || ability.can('approve', 'SectionAssignment');
  };
  const allowed = (status: ApprovalStatus): Action[] =>
    status === 'pending' || status === 'returned'
      ? ['submit']
      : status === 'submitted'
        ? ['approve', 'return']
        : [];

  async function confirm() {
    if (!asking) return;
    const result = await record({
      ProgressStepId: asking.step,
      WorkgroupId: asking.WorkgroupId,
      action: asking.action,
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    });
    setAsking(null);
    setComment('');
    void notify(
      'error' in result
        ? { message: problemOf(result.error).message, intent: Intent.DANGER }
        : { message: `${asking.name}: ${DONE[asking.action]}.`, intent: Intent.SUCCESS },
    );
  }

  return (
    <section aria-labelledby="progress-heading" className="allot-dashboard__section">
      <h3 id="progress-heading" className="bp6-heading">
        Planning progress
      </h3>
      <HTMLTable compact striped className="allot-wide-table" aria-label="Workgroup approvals">
        <thead>
          <tr>
            <th>Workgroup</th>
            {active.map((s) => (
              <th key={s.id}>
                Step {s.stepId}: {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {approvals.data.rows.map((row) => (
            <tr key={row.WorkgroupId}>
              <td>{row.name}</td>
              {active.map((s) => {
                const status = row.steps[s.id]?.status ?? 'pending';
                return (
                  <td key={s.id}>
                    <Tag minimal intent={STATUS_INTENT[status]}>
                      {status}
                    </Tag>{' '}
                    {allowed(status)
                      .filter((a) => may(a, row.WorkgroupId))
                      .map((a) => (
                        <Button
                          key={a}
                          size="small"
                          variant="minimal"
                          intent={a === 'return' ? Intent.WARNING : Intent.PRIMARY}
                          text={ACTION_LABEL[a]}
                          aria-label={`${ACTION_LABEL[a]} ${row.name} at step ${s.stepId}`}
                          loading={recording.isLoading}
                          onClick={() =>
                            setAsking({
                              step: s.id,
                              stepName: s.name,
                              WorkgroupId: row.WorkgroupId,
                              name: row.name,
                              action: a,
                            })
                          }
                        />
                      ))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Alert
        isOpen={asking !== null}
        intent={asking?.action === 'return' ? Intent.WARNING : Intent.PRIMARY}
        confirmButtonText={asking ? ACTION_LABEL[asking.action] : 'OK'}
        cancelButtonText="Cancel"
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirm()}
      >
        <p>
          {asking ? `${ACTION_LABEL[asking.action]} ${asking.name} at “${asking.stepName}”?` : ''}
        </p>
        <TextArea
          fill
          aria-label="Comment (optional)"
          placeholder="Comment (optional)"
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
      </Alert>
    </section>
  );
}

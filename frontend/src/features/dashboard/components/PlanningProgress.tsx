import { useState } from 'react';
import { Alert, Button, HTMLTable, Icon, Intent, Tag, TextArea } from '@blueprintjs/core';
import { subjectOf } from '@allot/shared-events/browser';
import { useGetAuthQuery } from '../../../lib/api/sessionApi.js';
import { notify } from '../../../lib/notifications/notify.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';
import {
  useRecordProgressActionMutation,
  useWorkgroupApprovalsQuery,
  type ApprovalCell,
  type ApprovalStatus,
} from '../api/dashboardApi.js';
import {
  ACTION_DONE,
  ACTION_TEXT,
  STATUS_LOOK,
  STATUS_TEXT,
  actionsAt,
  currentStepId,
  type ProgressAction,
} from '../progressRules.js';

interface Step {
  id: string;
  stepId: number;
  name: string;
}

interface Asking {
  step: Step;
  WorkgroupId: string;
  name: string;
  action: ProgressAction;
}

/**
 * A status as a capitalised word with its colour and icon: a tag at the current step, quieter
 * text at the earlier ones (history).
 */
function StatusText({ status, quiet }: { status: ApprovalStatus; quiet: boolean }) {
  const look = STATUS_LOOK[status];
  if (quiet) {
    return (
      <span className="allot-progress__quiet">
        <Icon icon={look.icon} intent={look.intent} size={12} />
        {STATUS_TEXT[status]}
      </span>
    );
  }
  return (
    <Tag minimal intent={look.intent} icon={look.icon}>
      {STATUS_TEXT[status]}
    </Tag>
  );
}

/** One workgroup at one step: its status, the last comment, and what the viewer may do there. */
function ProgressCell({
  cell,
  step,
  isCurrent,
  workgroup,
  actions,
  busy,
  onAct,
}: {
  cell: ApprovalCell;
  step: Step;
  isCurrent: boolean;
  workgroup: string;
  actions: readonly ProgressAction[];
  busy: boolean;
  onAct: (action: ProgressAction) => void;
}) {
  // A comment says why a step was returned, or what a submission adds.
  const comment = cell.status === 'returned' || cell.status === 'submitted' ? cell.comment : null;
  return (
    <>
      <div className="allot-progress__cell">
        <StatusText status={cell.status} quiet={!isCurrent} />
        {actions.map((a) => (
          <Button
            key={a}
            size="small"
            variant="minimal"
            intent={a === 'return' ? Intent.WARNING : Intent.PRIMARY}
            text={ACTION_TEXT[a]}
            aria-label={`${ACTION_TEXT[a]} ${workgroup} at step ${String(step.stepId)}`}
            loading={busy}
            onClick={() => onAct(a)}
          />
        ))}
      </div>
      {comment && (
        <div className="allot-progress__comment" title={comment}>
          “{comment}”
        </div>
      )}
    </>
  );
}

/**
 * Each workgroup's approval at the active progress steps. The current step (the highest active
 * one) stands out and offers its actions; earlier steps are history, shown narrow, with an
 * action only where something still waits (a submission to approve or return, a returned step
 * to submit again). Every action shows only when the viewer may take it (the server's rule,
 * `mayRecord`).
 */
export function PlanningProgress() {
  const ability = useSignedInAbility();
  const { data: auth } = useGetAuthQuery();
  // Asking without the ability would answer 403, and every 403 refreshes the auth context.
  const approvals = useWorkgroupApprovalsQuery(undefined, {
    skip: !ability?.can('read', 'WorkgroupApproval'),
  });
  const [record, recording] = useRecordProgressActionMutation();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [comment, setComment] = useState('');
  if (!approvals.data || approvals.data.steps.length === 0) return null;
  const active = approvals.data.steps.filter((s) => s.isActive);
  const current = currentStepId(
    auth?.progressStepId,
    active.map((s) => s.stepId),
  );
  if (active.length === 0 || current === null) return null;
  const currentStep = active.find((s) => s.stepId === current);

  const may = (action: ProgressAction, WorkgroupId: string) => {
    if (!ability) return false;
    const sections = subjectOf('Section', { WorkgroupId });
    return action === 'submit'
      ? ability.can('assign', sections) || ability.can('create', 'SectionAssignment')
      : ability.can('approve', sections) || ability.can('approve', 'SectionAssignment');
  };

  async function confirm() {
    if (!asking) return;
    const result = await record({
      ProgressStepId: asking.step.id,
      WorkgroupId: asking.WorkgroupId,
      action: asking.action,
      ...(comment.trim() ? { comment: comment.trim() } : {}),
    });
    setAsking(null);
    setComment('');
    void notify(
      'error' in result
        ? { message: problemOf(result.error).message, intent: Intent.DANGER }
        : { message: `${asking.name}: ${ACTION_DONE[asking.action]}.`, intent: Intent.SUCCESS },
    );
  }

  return (
    <section aria-labelledby="progress-heading" className="allot-dashboard__section">
      <h3 id="progress-heading" className="bp6-heading">
        Planning progress
      </h3>
      {currentStep && (
        <p className="bp6-text-muted allot-progress__intro">
          The current step is step {currentStep.stepId}, {currentStep.name}. Earlier steps are shown
          for the record, with an action only where something still waits.
        </p>
      )}
      {/* A grid of workgroups by steps: on a narrow screen it scrolls within its own frame. */}
      <div
        className="allot-progress__frame"
        tabIndex={0}
        role="region"
        aria-label="Workgroup approvals, scrollable"
      >
        <HTMLTable compact className="allot-progress" aria-label="Workgroup approvals">
          <thead>
            <tr>
              <th scope="col">Workgroup</th>
              {active.map((s) =>
                s.stepId === current ? (
                  <th
                    key={s.id}
                    scope="col"
                    aria-current="step"
                    className="allot-progress__current"
                  >
                    Step {s.stepId}: {s.name}{' '}
                    <Tag minimal round intent={Intent.PRIMARY}>
                      Current step
                    </Tag>
                  </th>
                ) : (
                  <th key={s.id} scope="col" className="allot-progress__earlier">
                    Step {s.stepId}
                    <span className="allot-progress__step-name">{s.name}</span>
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {approvals.data.rows.map((row) => (
              <tr key={row.WorkgroupId}>
                <th scope="row">{row.name}</th>
                {active.map((s) => {
                  const cell = row.steps[s.id] ?? { status: 'pending', updatedAt: null };
                  const isCurrent = s.stepId === current;
                  return (
                    <td
                      key={s.id}
                      className={isCurrent ? 'allot-progress__current' : 'allot-progress__earlier'}
                    >
                      <ProgressCell
                        cell={cell}
                        step={s}
                        isCurrent={isCurrent}
                        workgroup={row.name}
                        actions={actionsAt(cell.status, isCurrent).filter((a) =>
                          may(a, row.WorkgroupId),
                        )}
                        busy={recording.isLoading}
                        onAct={(action) =>
                          setAsking({
                            step: s,
                            WorkgroupId: row.WorkgroupId,
                            name: row.name,
                            action,
                          })
                        }
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <Alert
        isOpen={asking !== null}
        intent={asking?.action === 'return' ? Intent.WARNING : Intent.PRIMARY}
        confirmButtonText={asking ? ACTION_TEXT[asking.action] : 'OK'}
        cancelButtonText="Cancel"
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirm()}
      >
        <p>
          {asking
            ? `${ACTION_TEXT[asking.action]} ${asking.name} at step ${String(asking.step.stepId)}, “${asking.step.name}”?`
            : ''}
        </p>
        <TextArea
          fill
          aria-label="Comment (optional)"
          placeholder={
            asking?.action === 'return' ? 'What needs to change (optional)' : 'Comment (optional)'
          }
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
        />
      </Alert>
    </section>
  );
}

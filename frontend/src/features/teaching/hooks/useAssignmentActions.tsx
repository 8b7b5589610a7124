import { useState } from 'react';
import {
  Alert,
  Dialog,
  DialogBody,
  FormGroup,
  InputGroup,
  Intent,
  TextArea,
  type IconName,
} from '@blueprintjs/core';
import type { RowActionItem } from '../../../components/list/RowActions.js';
import { notify } from '../../../lib/notifications/notify.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import type { AppAbility } from '@allot/shared-events/browser';
import { assignmentActions, sectionPermissions } from '../sectionAbility.js';
import {
  useApproveAssignmentMutation,
  useChangeAssignmentMutation,
  useFinalizeAssignmentMutation,
  useUnassignInstructorMutation,
  useWithdrawAssignmentMutation,
} from '../../../lib/api/sectionsApi.js';
import type { AssignmentStatus } from '../../../lib/domain/sectionTypes.js';
import { SubmitFooter } from '../../../components/layout/SubmitFooter.js';

/** What the buttons need to know of an assignment, on either page. */
export interface AssignmentTarget {
  sectionId: string;
  WorkgroupId: string;
  id: string;
  status: AssignmentStatus;
  share: number | null;
  notes: string | null;
  instructorName: string | null;
  /** "MATH 101 001", for the confirmations. */
  sectionLabel: string;
}

type Confirming = { kind: 'withdraw' | 'unassign'; target: AssignmentTarget };

/** The share as typed: null when empty (equal split), NaN when not in (0, 100]. */
export function parseShare(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) && n > 0 && n <= 100 ? n : Number.NaN;
}

/**
 * Approve, finalize, edit (share and notes), withdraw and unassign, each shown only when the
 * working user may (sectionAbility.ts) and the status allows; withdraw and unassign ask first.
 */
export function useAssignmentActions(ability: AppAbility | null) {
  const [approve] = useApproveAssignmentMutation();
  const [finalize] = useFinalizeAssignmentMutation();
  const [withdraw] = useWithdrawAssignmentMutation();
  const [unassign] = useUnassignInstructorMutation();
  const [change] = useChangeAssignmentMutation();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [reason, setReason] = useState('');
  const [editing, setEditing] = useState<AssignmentTarget | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function run(
    key: string,
    call: () => Promise<{ error?: unknown }>,
    done: string,
  ): Promise<boolean> {
    setBusy(key);
    const result = await call();
    setBusy(null);
    if (result.error) {
      void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
      return false;
    }
    void notify({ message: done, intent: Intent.SUCCESS });
    return true;
  }

  const who = (t: AssignmentTarget) => t.instructorName ?? 'the instructor';
  const args = (t: AssignmentTarget) => ({ sectionId: t.sectionId, assignmentId: t.id });

  /**
   * The actions the working user may take on an assignment now. `namingSection`: each name says
   * the section too ("Approve Ada Lovelace on MATH 101 001 (Fall 2026)"), for a list of many
   * sections; within one section's details the instructor alone tells the rows apart.
   */
  function actionsFor(t: AssignmentTarget, namingSection = false): RowActionItem[] {
    const can = assignmentActions(t.status, sectionPermissions(ability, t.WorkgroupId));
    const name = who(t);
    const whom = namingSection ? `${name} on ${t.sectionLabel}` : name;
    const item = (
      key: string,
      icon: IconName,
      text: string,
      label: string,
      onClick: () => void,
      intent?: Intent,
    ): RowActionItem => ({
      key,
      icon,
      text,
      label,
      onClick,
      loading: busy === `${key}:${t.id}`,
      ...(intent ? { intent } : {}),
    });
    return [
      ...(can.approve
        ? [
            item(
              'approve',
              'tick',
              'Approve',
              `Approve ${whom}`,
              () => void run(`approve:${t.id}`, () => approve(args(t)), `${name} approved.`),
              Intent.SUCCESS,
            ),
          ]
        : []),
      ...(can.finalize
        ? [
            item(
              'finalize',
              'lock',
              'Finalize',
              `Finalize ${whom}`,
              () => void run(`finalize:${t.id}`, () => finalize(args(t)), `${name} is final.`),
              Intent.SUCCESS,
            ),
          ]
        : []),
      ...(can.edit
        ? [
            item('edit', 'edit', 'Edit share and notes', `Edit share and notes of ${whom}`, () =>
              setEditing(t),
            ),
          ]
        : []),
      ...(can.withdraw
        ? [
            item('withdraw', 'undo', 'Withdraw', `Withdraw ${whom}`, () => {
              setReason('');
              setConfirming({ kind: 'withdraw', target: t });
            }),
          ]
        : []),
      ...(can.unassign
        ? [
            item(
              'unassign',
              'trash',
              'Unassign',
              `Unassign ${whom}`,
              () => setConfirming({ kind: 'unassign', target: t }),
              Intent.DANGER,
            ),
          ]
        : []),
    ];
  }

  async function confirm() {
    if (!confirming) return;
    const { kind, target } = confirming;
    const name = who(target);
    const ok =
      kind === 'withdraw'
        ? await run(
            `withdraw:${target.id}`,
            () => withdraw({ ...args(target), reason: reason.trim() || null }),
            `${name} withdrawn.`,
          )
        : await run(`unassign:${target.id}`, () => unassign(args(target)), `${name} unassigned.`);
    if (ok) setConfirming(null);
  }

  const element = (
    <>
      {confirming && (
        <Alert
          isOpen
          icon={confirming.kind === 'unassign' ? 'trash' : 'undo'}
          intent={confirming.kind === 'unassign' ? Intent.DANGER : Intent.WARNING}
          cancelButtonText="Cancel"
          confirmButtonText={confirming.kind === 'unassign' ? 'Unassign' : 'Withdraw'}
          loading={busy !== null}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void confirm()}
        >
          {confirming.kind === 'unassign' ? (
            <p>
              Unassign <strong>{who(confirming.target)}</strong> from{' '}
              {confirming.target.sectionLabel}? The assignment leaves the section; its history
              stays.
            </p>
          ) : (
            <>
              <p>
                Withdraw <strong>{who(confirming.target)}</strong> from{' '}
                {confirming.target.sectionLabel}? They may be assigned again later.
              </p>
              <FormGroup label="Reason (optional)" labelFor="withdraw-reason">
                <InputGroup id="withdraw-reason" value={reason} onValueChange={setReason} />
              </FormGroup>
            </>
          )}
        </Alert>
      )}
      {editing && (
        <EditAssignmentDialog
          target={editing}
          onClose={() => setEditing(null)}
          onSave={async (share, notes) => {
            const ok = await run(
              `edit:${editing.id}`,
              () => change({ ...args(editing), share, notes }),
              `${who(editing)} saved.`,
            );
            if (ok) setEditing(null);
          }}
        />
      )}
    </>
  );

  return { actionsFor, element };
}

function EditAssignmentDialog({
  target,
  onClose,
  onSave,
}: {
  target: AssignmentTarget;
  onClose: () => void;
  onSave: (share: number | null, notes: string | null) => Promise<void>;
}) {
  const [share, setShare] = useState(target.share === null ? '' : String(target.share));
  const [notes, setNotes] = useState(target.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const reopens = target.status === 'approved' || target.status === 'final';
  return (
    <Dialog
      isOpen
      title={`${target.instructorName ?? 'Assignment'} on ${target.sectionLabel}`}
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = parseShare(share);
          if (Number.isNaN(parsed)) {
            setError('A share is a percent above 0 and at most 100, or empty for an equal split.');
            return;
          }
          setSaving(true);
          void onSave(parsed, notes.trim() || null).finally(() => setSaving(false));
        }}
      >
        <DialogBody>
          <FormGroup
            label="Share (%)"
            labelFor="assignment-share"
            helperText={error ?? 'Empty: an equal split of what the others leave.'}
            intent={error ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="assignment-share"
              inputMode="decimal"
              value={share}
              onValueChange={setShare}
            />
          </FormGroup>
          <FormGroup label="Notes" labelFor="assignment-notes">
            <TextArea
              id="assignment-notes"
              fill
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
            />
          </FormGroup>
          {reopens && (
            <p className="allot-teaching-muted">
              A change to an approved or final assignment reopens it for approval.
            </p>
          )}
        </DialogBody>
        <SubmitFooter onCancel={onClose} busy={saving} />
      </form>
    </Dialog>
  );
}

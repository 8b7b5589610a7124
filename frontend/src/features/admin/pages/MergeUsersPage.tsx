import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Alert, Button, Callout, HTMLTable, Intent, Section, SectionCard } from '@blueprintjs/core';
import type { SubjectName } from '@allot/shared-events/browser';
import { useGetActiveAcademicPeriodQuery } from '../../../lib/api/sessionApi.js';
import { notify } from '../../../lib/notifications/notify.js';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { useListResourceQuery, useReferenceOptionsQuery } from '../../../lib/api/resourceApi.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';
import { bitsText, movedMemberships, teachingMoves, type Counted } from '../mergePreview.js';
import {
  useHoldingCountQuery,
  useMergeUsersMutation,
  useSubmissionStatusQuery,
} from '../api/mergeUsersApi.js';
import { UserPicker } from '../../../components/pickers/UserPicker.js';
import '../../../components/resources/resourceStyles.js';

/** Administration → Merge Users: pick the master and the duplicate, preview, confirm. */
export default function MergeUsersPage() {
  const ability = useSignedInAbility();
  const mayMerge = ability?.can('merge', 'User') ?? false;
  const mayRead = (subject: SubjectName) => ability?.can('read', subject) ?? false;
  const users = useReferenceOptionsQuery({
    path: 'users',
    labelField: 'displayName',
    activeOnly: true,
  });
  const workgroups = useListResourceQuery({ path: 'workgroups', params: { take: 1000, skip: 0 } });
  const [masterId, setMasterId] = useState<string | null>(null);
  const [duplicateId, setDuplicateId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [merge, state] = useMergeUsersMutation();
  const nameOf = (id: string | null) => users.data?.find((u) => u.value === id)?.label ?? '';
  const ready = masterId !== null && duplicateId !== null && masterId !== duplicateId;
  const moved = ready ? movedMemberships(workgroups.data?.rows ?? [], masterId, duplicateId) : [];

  // What of the duplicate's teaching moves, counted through the read routes the viewer may read.
  const assignments = useHoldingCountQuery(
    ready && mayRead('SectionAssignment')
      ? { list: 'sectionAssignments', params: { UserId: duplicateId } }
      : skipToken,
  );
  const adminAssignments = useHoldingCountQuery(
    ready && mayRead('AdminAssignment')
      ? {
          list: 'administrativeAssignments',
          params: { filter: JSON.stringify({ UserId: duplicateId }) },
        }
      : skipToken,
  );
  const period = useGetActiveAcademicPeriodQuery(undefined, { skip: !ready });
  const periodId = ready && mayRead('Instructor') ? period.data?.id : undefined;
  const preferencesOf = (UserId: string | null) =>
    periodId && UserId
      ? { list: 'teachingPreferences' as const, params: { UserId, AcademicPeriodId: periodId } }
      : skipToken;
  const duplicatePreferences = useHoldingCountQuery(preferencesOf(duplicateId));
  const masterPreferences = useHoldingCountQuery(preferencesOf(masterId));
  const masterSubmission = useSubmissionStatusQuery(
    periodId && masterId ? { UserId: masterId, AcademicPeriodId: periodId } : skipToken,
  );
  const counted = (query: { data?: number; isError: boolean }, asked: boolean): Counted =>
    !asked || query.isError ? null : (query.data ?? 'loading');
  // The master's own record for the period wins once started: their status says so, or (not
  // active faculty, so no status row) any preference of theirs.
  const masterStarted = (): boolean | 'loading' | null => {
    if (masterSubmission.isLoading || masterPreferences.isLoading) return 'loading';
    if (typeof masterSubmission.data === 'string') return masterSubmission.data !== 'notStarted';
    return masterPreferences.data === undefined ? null : masterPreferences.data > 0;
  };
  const teaching = ready
    ? teachingMoves(
        {
          assignments: counted(assignments, mayRead('SectionAssignment')),
          adminAssignments: counted(adminAssignments, mayRead('AdminAssignment')),
          preferences:
            periodId && period.data
              ? {
                  periodName: period.data.name,
                  duplicate: counted(duplicatePreferences, true),
                  masterStarted: masterStarted(),
                }
              : mayRead('Instructor') && period.isLoading
                ? { periodName: '', duplicate: 'loading', masterStarted: 'loading' }
                : null,
        },
        nameOf(masterId),
      )
    : [];

  async function confirm() {
    if (!ready) return;
    setConfirming(false);
    const result = await merge({ masterId, duplicateId });
    if ('error' in result) {
      void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
      return;
    }
    void notify({
      message: `${nameOf(duplicateId)} merged into ${nameOf(masterId)}.`,
      intent: Intent.SUCCESS,
    });
    setDuplicateId(null);
  }

  return (
    <PageFrame>
      {!mayMerge && (
        <Callout intent={Intent.WARNING} title="Merging is off">
          Merging users needs the user-merge feature and the right to merge users.
        </Callout>
      )}
      <div className="allot-merge">
        <Section title="1. Choose the users" compact>
          <SectionCard>
            <UserPicker
              label="Keep (master)"
              users={users.data ?? []}
              value={masterId}
              exclude={duplicateId}
              onChange={setMasterId}
              helperText="The record that stays."
            />
            <UserPicker
              label="Merge away (duplicate)"
              users={users.data ?? []}
              value={duplicateId}
              exclude={masterId}
              onChange={setDuplicateId}
              helperText="Its memberships, teaching data and settings move to the master."
            />
          </SectionCard>
        </Section>
        <Section title="2. Preview" compact>
          <SectionCard>
            {!ready ? (
              <p className="bp6-text-muted">Choose both users to see what moves.</p>
            ) : (
              <>
                <p>
                  <strong>{nameOf(duplicateId)}</strong> is merged into{' '}
                  <strong>{nameOf(masterId)}</strong>.
                </p>
                <h4 className="bp6-heading">Workgroup memberships</h4>
                {moved.length === 0 ? (
                  <p>None.</p>
                ) : (
                  <HTMLTable compact striped>
                    <thead>
                      <tr>
                        <th>Workgroup</th>
                        <th>{nameOf(masterId)} will</th>
                      </tr>
                    </thead>
                    <tbody>
                      {moved.map((m) => (
                        <tr key={m.workgroup}>
                          <td>{m.workgroup}</td>
                          <td>
                            {m.masterWasMember ? 'keep membership, with ' : 'join, with '}
                            {bitsText(m.permission)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                )}
                <dl className="allot-merge-moves" aria-label="What else moves">
                  {teaching.map((line) => (
                    <div key={line.what}>
                      <dt>{line.what}</dt>
                      <dd>{line.text}</dd>
                    </div>
                  ))}
                  <div>
                    <dt>Theme setting</dt>
                    <dd>Moves to {nameOf(masterId)}, or is dropped when they have their own.</dd>
                  </div>
                </dl>
                <Callout intent={Intent.PRIMARY} icon="disable" compact>
                  Afterwards <strong>{nameOf(duplicateId)}</strong> is marked inactive and merged
                  into {nameOf(masterId)}: it leaves the lists of active users and can no longer
                  sign in.
                </Callout>
              </>
            )}
          </SectionCard>
        </Section>
        <div>
          <Button
            intent={Intent.DANGER}
            icon="git-merge"
            text="Merge users…"
            disabled={!ready || !mayMerge}
            loading={state.isLoading}
            onClick={() => setConfirming(true)}
          />
        </div>
      </div>
      {confirming && (
        <Alert
          isOpen
          icon="git-merge"
          intent={Intent.DANGER}
          confirmButtonText="Merge"
          cancelButtonText="Cancel"
          onCancel={() => setConfirming(false)}
          onConfirm={() => void confirm()}
        >
          <p>
            Merge <strong>{nameOf(duplicateId)}</strong> into <strong>{nameOf(masterId)}</strong>?
            Its memberships, teaching data and settings move to {nameOf(masterId)}, and it is marked
            inactive. This cannot be undone.
          </p>
        </Alert>
      )}
    </PageFrame>
  );
}

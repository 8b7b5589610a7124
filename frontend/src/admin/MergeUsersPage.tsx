import { useState } from 'react';
import { Alert, Button, Callout, HTMLTable, Intent, Section, SectionCard } from '@blueprintjs/core';
import { notify } from '../notifications/notify.js';
import { PageFrame } from '../pages/PageFrame.js';
import { useListResourceQuery, useReferenceOptionsQuery } from '../resources/resourceApi.js';
import { problemOf } from '../resources/serverErrors.js';
import { useResourceAbility } from '../resources/useResourceAbility.js';
import { bitsText, movedMemberships } from './mergePreview.js';
import { useMergeUsersMutation } from './mergeUsersApi.js';
import { UserPicker } from './UserPicker.js';
import './adminStyles.js';

/** Administration → Merge Users: pick the master and the duplicate, preview, confirm. */
export default function MergeUsersPage() {
  const ability = useResourceAbility();
  const mayMerge =
    (ability as unknown as { can(a: string, s: string): boolean } | null)?.can('merge', 'User') ??
    false;
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
              helperText="Its memberships and settings move to the master."
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
                  <strong>{nameOf(masterId)}</strong>. The duplicate stays active until you
                  deactivate it.
                </p>
                {moved.length === 0 ? (
                  <p>No workgroup memberships move.</p>
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
                <p>
                  The duplicate’s theme setting moves too (or is dropped when the master has one).
                </p>
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
            This cannot be undone.
          </p>
        </Alert>
      )}
    </PageFrame>
  );
}

import { useState, type FormEvent } from 'react';
import type { CreatedApiKeyAnswer } from '@allot/shared-events/browser';
import {
  Alert,
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Tag,
} from '@blueprintjs/core';
import { useGetAuthQuery } from '../../../lib/api/sessionApi.js';
import { notify } from '../../../lib/notifications/notify.js';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { ListBody } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { cellText } from '../../../lib/resources/cellText.js';
import { useReferenceOptionsQuery } from '../../../lib/api/resourceApi.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { permissionsFor } from '../../../lib/auth/permissions.js';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';
import { UserPicker } from '../../../components/pickers/UserPicker.js';
import {
  useCreateApiKeyMutation,
  useListApiKeysQuery,
  useRevokeApiKeyMutation,
  type ApiKeyItem,
} from '../api/apiKeysApi.js';
import '../../../components/resources/resourceStyles.js';
import { SubmitFooter } from '../../../components/layout/SubmitFooter.js';

/** Administration → Api Keys: create (the key is shown once), list, revoke. */
export default function ApiKeysPage() {
  const keys = useListApiKeysQuery();
  const users = useReferenceOptionsQuery({
    path: 'users',
    labelField: 'displayName',
    activeOnly: true,
  });
  const can = permissionsFor(useSignedInAbility(), 'ApiKey');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKeyAnswer | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const [revoke] = useRevokeApiKeyMutation();
  const nameOf = (id: string) => users.data?.find((u) => u.value === id)?.label ?? id;

  async function confirmRevoke() {
    if (!revoking) return;
    const result = await revoke(revoking.id);
    setRevoking(null);
    void notify(
      'error' in result
        ? { message: problemOf(result.error).message, intent: Intent.DANGER }
        : { message: `Key “${revoking.name}” revoked.`, intent: Intent.SUCCESS },
    );
  }

  const newButton = can.create ? (
    <Button
      intent={Intent.PRIMARY}
      icon="add"
      text="New API key"
      onClick={() => setCreating(true)}
    />
  ) : null;
  const columns: TableColumn<ApiKeyItem>[] = [
    { key: 'name', label: 'Name', width: 220, render: (key) => key.name },
    { key: 'user', label: 'User', width: 200, render: (key) => nameOf(key.UserId) },
    { key: 'created', label: 'Created', width: 180, render: (key) => cellText(key.createdAt) },
    {
      key: 'status',
      label: 'Status',
      width: 200,
      render: (key) =>
        key.revokedAt ? (
          <Tag minimal>Revoked {cellText(key.revokedAt)}</Tag>
        ) : (
          <Tag minimal intent="success">
            Active
          </Tag>
        ),
    },
  ];
  // Every key at once: a short list, read whole.
  const keyList = { ...keys, data: keys.data ? { rows: keys.data } : undefined };
  const body = (
    <ListBody
      what="API keys"
      query={keyList}
      filtering={false}
      loadingLabel="Loading API keys"
      empty={{
        icon: 'key',
        title: 'No API keys yet',
        description: 'A key lets a script call the API as a user.',
        action: newButton,
      }}
    >
      {(rows) => (
        <PlainTable
          label="API keys"
          columns={columns}
          rows={rows}
          actions={(key) =>
            can.delete &&
            !key.revokedAt && (
              <Button
                size="small"
                intent="danger"
                variant="minimal"
                icon="disable"
                text="Revoke"
                aria-label={`Revoke ${key.name}`}
                onClick={() => setRevoking(key)}
              />
            )
          }
        />
      )}
    </ListBody>
  );

  return (
    <PageFrame actions={newButton}>
      {body}
      {creating && (
        <CreateKeyDialog
          users={users.data ?? []}
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      )}
      {created && <ShowKeyOnce created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <Alert
          isOpen
          icon="disable"
          intent={Intent.DANGER}
          confirmButtonText="Revoke"
          cancelButtonText="Cancel"
          onCancel={() => setRevoking(null)}
          onConfirm={() => void confirmRevoke()}
        >
          <p>
            Revoke <strong>{revoking.name}</strong>? Scripts using it stop working at once.
          </p>
        </Alert>
      )}
    </PageFrame>
  );
}

function CreateKeyDialog({
  users,
  onClose,
  onCreated,
}: {
  users: readonly { value: string; label: string }[];
  onClose: () => void;
  onCreated: (key: CreatedApiKeyAnswer) => void;
}) {
  const me = useGetAuthQuery().data?.workingUserId ?? '';
  const [name, setName] = useState('');
  const [userId, setUserId] = useState(me);
  const [error, setError] = useState<string | null>(null);
  const [create, state] = useCreateApiKeyMutation();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (name.trim() === '') {
      setError('Name the key (what uses it).');
      return;
    }
    const result = await create({ name: name.trim(), ...(userId ? { userId } : {}) });
    if ('error' in result) setError(problemOf(result.error).message);
    else onCreated(result.data);
  }
  return (
    <Dialog isOpen title="New API key" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          <FormGroup
            label="Name (required)"
            labelFor="api-key-name"
            helperText={error ?? 'What uses the key, e.g. “Nightly export”.'}
            intent={error ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup id="api-key-name" value={name} onValueChange={setName} />
          </FormGroup>
          <UserPicker
            label="Acts as"
            users={users.map((u) => (u.value === me ? { ...u, label: `${u.label} (you)` } : u))}
            value={userId === '' ? null : userId}
            onChange={(id) => setUserId(id ?? '')}
            helperText="Whose abilities the key has; you unless you choose someone else."
          />
        </DialogBody>
        <SubmitFooter onCancel={onClose} submitText="Create key" busy={state.isLoading} />
      </form>
    </Dialog>
  );
}

function ShowKeyOnce({ created, onClose }: { created: CreatedApiKeyAnswer; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(created.key);
    setCopied(true);
  }
  return (
    <Dialog
      isOpen
      title={`API key “${created.name}”`}
      onClose={onClose}
      canOutsideClickClose={false}
    >
      <DialogBody>
        <Callout intent={Intent.WARNING} title="Copy it now">
          This is the only time the key is shown. Store it somewhere safe.
        </Callout>
        <InputGroup
          readOnly
          aria-label="The new API key"
          className="allot-key-once"
          value={created.key}
          rightElement={
            <Button
              variant="minimal"
              icon={copied ? 'tick' : 'clipboard'}
              text={copied ? 'Copied' : 'Copy'}
              onClick={() => void copy()}
            />
          }
        />
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text="Done" onClick={onClose} />} />
    </Dialog>
  );
}

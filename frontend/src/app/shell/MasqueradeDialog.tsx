import { useState } from 'react';
import {
  Callout,
  Classes,
  Dialog,
  DialogBody,
  InputGroup,
  Intent,
  Menu,
  MenuItem,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { PeopleIcon, SearchIcon, UserIcon } from '@blueprintjs/icons';
import { useGetUserChoicesQuery, useStartMasqueradeMutation } from '../../lib/api/sessionApi.js';
import { useDebouncedValue } from '../../lib/hooks/useDebouncedValue.js';
import { useViewer } from '../../lib/auth/useViewer.js';
import { useIdentitySwitch } from './identitySwitch.js';

const SEARCH_PAUSE_MS = 250;

export interface MasqueradeDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** Spec §2: the searchable user picker behind "Masquerade as…" (admins only, spec §6). */
export function MasqueradeDialog({ isOpen, onClose }: MasqueradeDialogProps) {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, SEARCH_PAUSE_MS);
  const viewer = useViewer();
  const { switchIdentity } = useIdentitySwitch();
  const [chosen, setChosen] = useState<string | null>(null);
  // Once a user is chosen the list is no longer needed, and the new identity may not read it.
  const users = useGetUserChoicesQuery({ filter: settled }, { skip: !isOpen || chosen !== null });
  const [start, starting] = useStartMasqueradeMutation();

  const choices = (users.data?.rows ?? []).filter(
    (user) => user.id !== viewer.auth?.authenticatedUserId,
  );
  const choose = (id: string) => {
    setChosen(id);
    switchIdentity(() => start({ id }).unwrap())
      .then(onClose)
      .catch(() => undefined)
      .finally(() => setChosen(null));
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Masquerade as…"
      icon={<PeopleIcon />}
      className="allot-masquerade"
    >
      <DialogBody>
        <p className={Classes.TEXT_MUTED}>
          Work as another user with their roles and permissions until you end the masquerade.
        </p>
        <InputGroup
          autoFocus
          type="search"
          leftIcon={<SearchIcon />}
          placeholder="Search users by name"
          aria-label="Search users by name"
          value={search}
          onValueChange={setSearch}
        />
        {starting.isError && (
          <Callout intent={Intent.DANGER} className="allot-masquerade__error">
            The masquerade could not start. Please try again.
          </Callout>
        )}
        <div className="allot-masquerade__results" aria-busy={users.isFetching}>
          {chosen !== null ? (
            <Spinner size={24} aria-label="Starting the masquerade" />
          ) : users.isLoading ? (
            <Spinner size={24} aria-label="Loading users" />
          ) : users.isError ? (
            <Callout intent={Intent.DANGER}>The users could not be loaded.</Callout>
          ) : choices.length === 0 ? (
            <NonIdealState
              icon={<SearchIcon size={48} />}
              title="No matching users"
              layout="horizontal"
            />
          ) : (
            <Menu aria-label="Users">
              {choices.map((user) => (
                <MenuItem
                  key={user.id}
                  icon={<UserIcon />}
                  text={user.name}
                  disabled={starting.isLoading}
                  onClick={() => choose(user.id)}
                />
              ))}
            </Menu>
          )}
        </div>
      </DialogBody>
    </Dialog>
  );
}

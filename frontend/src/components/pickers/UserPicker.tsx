import { useId } from 'react';
import { FormGroup, type IconName } from '@blueprintjs/core';
import { SearchPicker } from './SearchPicker.js';
import type { ReferenceOption } from '../../lib/api/resourceApi.js';

export interface UserPickerProps {
  label: string;
  users: readonly ReferenceOption[];
  value: string | null;
  onChange: (userId: string | null) => void;
  /** A user who may not be picked here (the other side of the merge). */
  exclude?: string | null;
  helperText?: string;
  /** For other records than users (courses): their icon, placeholder and "no match" text. */
  icon?: IconName;
  placeholder?: string;
  noMatch?: string;
}

/** Type to search the users by name, pick one; the pick shows as a tag that can be cleared. */
export function UserPicker({
  label,
  users,
  helperText,
  noMatch = 'No user matches.',
  ...rest
}: UserPickerProps) {
  const id = useId();
  return (
    <FormGroup label={label} labelFor={id} helperText={helperText}>
      <SearchPicker {...rest} id={id} label={label} options={users} noMatch={noMatch} />
    </FormGroup>
  );
}

import { useId, useState } from 'react';
import {
  Button,
  FormGroup,
  InputGroup,
  Menu,
  MenuItem,
  Tag,
  type IconName,
} from '@blueprintjs/core';
import type { ReferenceOption } from '../resources/resourceApi.js';

const SHOWN = 8;

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
  value,
  onChange,
  exclude,
  helperText,
  icon = 'person',
  placeholder = 'Search by name…',
  noMatch = 'No user matches.',
}: UserPickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const picked = users.find((u) => u.value === value) ?? null;
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = users
    .filter((u) => u.value !== exclude)
    .filter((u) => words.every((w) => u.label.toLowerCase().includes(w)))
    .slice(0, SHOWN);
  return (
    <FormGroup label={label} labelFor={id} helperText={helperText}>
      {picked ? (
        <Tag
          large
          icon={icon}
          onRemove={() => onChange(null)}
          aria-label={`${label}: ${picked.label}`}
        >
          {picked.label}
        </Tag>
      ) : (
        <>
          <InputGroup
            id={id}
            leftIcon="search"
            placeholder={placeholder}
            value={query}
            onValueChange={setQuery}
            rightElement={
              query ? (
                <Button
                  variant="minimal"
                  icon="cross"
                  aria-label="Clear the search"
                  onClick={() => setQuery('')}
                />
              ) : undefined
            }
          />
          {words.length > 0 && (
            <Menu aria-label={`${label} matches`} className="allot-picker-menu">
              {matches.length === 0 && <MenuItem disabled text={noMatch} />}
              {matches.map((u) => (
                <MenuItem
                  key={u.value}
                  icon={icon}
                  text={u.label}
                  onClick={() => onChange(u.value)}
                />
              ))}
            </Menu>
          )}
        </>
      )}
    </FormGroup>
  );
}

import { useState } from 'react';
import { Button, InputGroup, Menu, MenuItem, Tag, type IconName } from '@blueprintjs/core';

/** One choice of a picker: what is stored and what a person reads. */
export interface PickerOption {
  value: string;
  label: string;
}

const SHOWN = 8;

export interface SearchPickerProps {
  /** Names the input and the list of matches for assistive technology. */
  label: string;
  options: readonly PickerOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  /** The input's id, for a surrounding label. */
  id?: string;
  /** A choice that may not be picked here. */
  exclude?: string | null;
  icon?: IconName;
  placeholder?: string;
  noMatch?: string;
  disabled?: boolean;
  /** Clear the input after each pick instead of showing the pick (adding to a list). */
  keepsNoPick?: boolean;
}

/**
 * Type to search, pick one from the first matches: for lists too long for a plain select (the
 * users of a university). The pick shows as a tag that can be cleared.
 */
export function SearchPicker({
  label,
  options,
  value,
  onChange,
  id,
  exclude,
  icon = 'person',
  placeholder = 'Search by name…',
  noMatch = 'Nothing matches.',
  disabled,
  keepsNoPick,
}: SearchPickerProps) {
  const [query, setQuery] = useState('');
  const picked = keepsNoPick ? null : (options.find((o) => o.value === value) ?? null);
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = options
    .filter((o) => o.value !== exclude)
    .filter((o) => words.every((w) => o.label.toLowerCase().includes(w)))
    .slice(0, SHOWN);
  if (picked) {
    return (
      <Tag
        large
        icon={icon}
        onRemove={disabled ? undefined : () => onChange(null)}
        aria-label={`${label}: ${picked.label}`}
      >
        {picked.label}
      </Tag>
    );
  }
  return (
    <>
      <InputGroup
        id={id}
        aria-label={id ? undefined : label}
        leftIcon="search"
        placeholder={placeholder}
        value={query}
        disabled={disabled}
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
          {matches.map((o) => (
            <MenuItem
              key={o.value}
              icon={icon}
              text={o.label}
              onClick={() => {
                if (keepsNoPick) setQuery('');
                onChange(o.value);
              }}
            />
          ))}
        </Menu>
      )}
    </>
  );
}

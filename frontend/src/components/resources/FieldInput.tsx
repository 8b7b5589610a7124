import {
  Button,
  Checkbox,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import type { FormValue, MemberValue, TermModeValue } from '../../lib/resources/formValues.js';
import type { ReferenceOption } from '../../lib/api/resourceApi.js';
import type { ResolvedField } from '../../lib/resources/resourceUi.js';
import { APPROVE_BIT, ASSIGN_BIT, MISSING_MEMBER_LABEL } from '../../lib/resources/members.js';
import { SearchPicker } from '../pickers/SearchPicker.js';

/** Past this many choices a select is a search: nobody scrolls through 250 names. */
const SEARCH_FROM = 30;

function searchable(field: ResolvedField, choices: readonly ReferenceOption[]): boolean {
  return field.reference === 'users' || choices.length > SEARCH_FROM;
}

export interface FieldInputProps {
  field: ResolvedField;
  value: FormValue;
  onChange: (value: FormValue) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Options of a reference, references or members field (loaded by the caller). */
  options?: readonly ReferenceOption[] | undefined;
  /** The options are still loading. */
  optionsLoading?: boolean;
  /** Choices of a termModes field: the period's terms and the teaching modes. */
  termModes?: TermModeChoices | undefined;
  /** Prefix that makes the ids unique on the page. */
  idPrefix?: string;
}

/** One form field of the resource machinery: label, widget, help and its error inline. */
export function FieldInput(props: FieldInputProps) {
  const { field, error, idPrefix = 'field' } = props;
  const id = `${idPrefix}-${field.name}`;
  const intent = error ? Intent.DANGER : Intent.NONE;
  const helper = error ?? field.help;
  if (field.widget === 'checkbox') {
    return (
      <FormGroup helperText={helper} intent={intent}>
        <Checkbox
          id={id}
          label={field.label}
          checked={props.value === true}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.currentTarget.checked)}
        />
      </FormGroup>
    );
  }
  const label = field.required ? `${field.label} (required)` : field.label;
  return (
    <FormGroup label={label} labelFor={id} helperText={helper} intent={intent}>
      <Widget {...props} id={id} intent={intent} />
    </FormGroup>
  );
}

function Widget(props: FieldInputProps & { id: string; intent: Intent }) {
  const { field, value, onChange, disabled, id, intent, options = [] } = props;
  const text = typeof value === 'string' ? value : '';
  const invalid = intent === Intent.DANGER;
  switch (field.widget) {
    case 'textarea':
    case 'json':
      return (
        <TextArea
          id={id}
          fill
          rows={field.widget === 'json' ? 6 : 3}
          value={text}
          disabled={disabled}
          intent={intent}
          aria-invalid={invalid}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <InputGroup
          id={id}
          type="number"
          value={text}
          disabled={disabled}
          intent={intent}
          aria-invalid={invalid}
          onValueChange={(v) => onChange(v)}
        />
      );
    case 'date':
      return (
        <InputGroup
          id={id}
          type="date"
          value={text}
          disabled={disabled}
          intent={intent}
          aria-invalid={invalid}
          onValueChange={(v) => onChange(v)}
        />
      );
    case 'color':
      return (
        <div className="allot-color-field">
          <input
            type="color"
            aria-label={`${field.label} picker`}
            value={/^#[0-9a-f]{6}$/i.test(text) ? text : '#000000'}
            disabled={disabled}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
          <InputGroup
            id={id}
            value={text}
            placeholder="#1f4b99"
            disabled={disabled}
            intent={intent}
            aria-invalid={invalid}
            onValueChange={(v) => onChange(v)}
          />
        </div>
      );
    case 'select':
    case 'reference': {
      const choices = field.widget === 'select' ? (field.options ?? []) : options;
      const known = text === '' || choices.some((o) => o.value === text);
      if (field.widget === 'reference' && searchable(field, choices)) {
        return (
          <SearchPicker
            id={id}
            label={field.label}
            options={choices}
            value={text === '' ? null : text}
            disabled={disabled || props.optionsLoading}
            icon={field.reference === 'users' ? 'person' : 'search'}
            placeholder={props.optionsLoading ? 'Loading…' : 'Type to search…'}
            onChange={(picked) => onChange(picked ?? '')}
          />
        );
      }
      return (
        <HTMLSelect
          id={id}
          fill
          value={text}
          disabled={disabled || props.optionsLoading}
          aria-invalid={invalid}
          onChange={(e) => onChange(e.currentTarget.value)}
        >
          <option value="">{props.optionsLoading ? 'Loading…' : '— None —'}</option>
          {!known && <option value={text}>{MISSING_MEMBER_LABEL}</option>}
          {choices.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </HTMLSelect>
      );
    }
    case 'references': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      const choices = field.options ?? options;
      return (
        <div id={id} role="group" aria-label={field.label} className="allot-references-field">
          {choices.length === 0 && <span className="bp6-text-muted">No options.</span>}
          {choices.map((o) => (
            <Checkbox
              key={o.value}
              inline
              label={o.label}
              disabled={disabled}
              checked={chosen.includes(o.value)}
              onChange={(e) =>
                onChange(
                  e.currentTarget.checked
                    ? [...chosen, o.value]
                    : chosen.filter((v) => v !== o.value),
                )
              }
            />
          ))}
        </div>
      );
    }
    case 'termModes':
      return (
        <TermModesInput
          id={id}
          label={field.label}
          chosen={Array.isArray(value) ? (value as TermModeValue[]) : []}
          choices={props.termModes ?? { periodChosen: false, terms: [], modes: [] }}
          loading={props.optionsLoading === true}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case 'members':
      return (
        <MembersInput
          id={id}
          label={field.label}
          members={Array.isArray(value) ? (value as MemberValue[]) : []}
          users={options}
          disabled={disabled}
          onChange={onChange}
        />
      );
    default:
      return (
        <InputGroup
          id={id}
          value={text}
          disabled={disabled}
          intent={intent}
          aria-invalid={invalid}
          onValueChange={(v) => onChange(v)}
        />
      );
  }
}

interface MembersInputProps {
  id: string;
  label: string;
  members: MemberValue[];
  users: readonly ReferenceOption[];
  disabled?: boolean | undefined;
  onChange: (value: MemberValue[]) => void;
}

/** Workgroup members: a user each, with approve (1) and assign (2) as checkboxes. */
function MembersInput({ id, label, members, users, disabled, onChange }: MembersInputProps) {
  const nameOf = (userId: string) =>
    users.find((u) => u.value === userId)?.label ?? MISSING_MEMBER_LABEL;
  const addable = users.filter((u) => !members.some((m) => m.UserId === u.value));
  const setBit = (index: number, bit: number, on: boolean) =>
    onChange(
      members.map((m, i) =>
        i === index ? { ...m, permission: on ? m.permission | bit : m.permission & ~bit } : m,
      ),
    );
  return (
    <div id={id} role="group" aria-label={label}>
      <HTMLTable compact striped className="allot-members-table">
        <thead>
          <tr>
            <th>Member</th>
            <th>Approve</th>
            <th>Assign</th>
            <th>
              <span className="bp6-text-muted">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.length === 0 && (
            <tr>
              <td colSpan={4} className="bp6-text-muted">
                No members yet.
              </td>
            </tr>
          )}
          {members.map((m, index) => {
            const name = nameOf(m.UserId);
            return (
              <tr key={m.UserId}>
                <td>{name}</td>
                <td>
                  <Checkbox
                    aria-label={`${name} may approve`}
                    checked={(m.permission & APPROVE_BIT) !== 0}
                    disabled={disabled}
                    onChange={(e) => setBit(index, APPROVE_BIT, e.currentTarget.checked)}
                  />
                </td>
                <td>
                  <Checkbox
                    aria-label={`${name} may assign`}
                    checked={(m.permission & ASSIGN_BIT) !== 0}
                    disabled={disabled}
                    onChange={(e) => setBit(index, ASSIGN_BIT, e.currentTarget.checked)}
                  />
                </td>
                <td>
                  <Button
                    variant="minimal"
                    icon="cross"
                    aria-label={`Remove ${name}`}
                    disabled={disabled}
                    onClick={() => onChange(members.filter((_, i) => i !== index))}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
      <div className="allot-members-add">
        <SearchPicker
          label="Add a member"
          options={addable}
          value={null}
          keepsNoPick
          placeholder="Add a member: type a name…"
          disabled={disabled || addable.length === 0}
          onChange={(userId) => {
            if (userId) onChange([...members, { UserId: userId, permission: 0 }]);
          }}
        />
      </div>
    </div>
  );
}

export interface TermModeChoices {
  /** Terms belong to a period: none are offered until the record names one. */
  periodChosen: boolean;
  terms: readonly ReferenceOption[];
  modes: readonly ReferenceOption[];
}

interface TermModesInputProps {
  id: string;
  label: string;
  chosen: TermModeValue[];
  choices: TermModeChoices;
  loading: boolean;
  disabled?: boolean | undefined;
  onChange: (value: TermModeValue[]) => void;
}

/**
 * An offering's term modes as a grid: a row per term of its period, a column per teaching mode,
 * a checkbox where the course is offered. Pairs naming a term outside the period (the period was
 * changed) are listed apart so they can be removed.
 */
function TermModesInput({
  id,
  label,
  chosen,
  choices,
  loading,
  disabled,
  onChange,
}: TermModesInputProps) {
  const { terms, modes } = choices;
  const has = (term: string, mode: string) =>
    chosen.some((c) => c.AcademicTermId === term && c.TeachingModeId === mode);
  const toggle = (term: string, mode: string, on: boolean) =>
    onChange(
      on
        ? [...chosen, { AcademicTermId: term, TeachingModeId: mode }]
        : chosen.filter((c) => !(c.AcademicTermId === term && c.TeachingModeId === mode)),
    );
  const known = new Set(terms.map((t) => t.value));
  const stray = chosen.filter((c) => !known.has(c.AcademicTermId));
  const modeName = (mode: string) =>
    modes.find((m) => m.value === mode)?.label ?? MISSING_MEMBER_LABEL;
  let grid;
  if (!choices.periodChosen) {
    grid = <span className="bp6-text-muted">Choose the academic period first.</span>;
  } else if (loading) {
    grid = <span className="bp6-text-muted">Loading terms and teaching modes…</span>;
  } else if (terms.length === 0 || modes.length === 0) {
    grid = (
      <span className="bp6-text-muted">
        {terms.length === 0 ? 'This period has no terms yet.' : 'No active teaching modes.'}
      </span>
    );
  } else {
    grid = (
      <HTMLTable compact striped className="allot-members-table allot-term-modes-table">
        <thead>
          <tr>
            <th>Term</th>
            {modes.map((m) => (
              <th key={m.value}>{m.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {terms.map((t) => (
            <tr key={t.value}>
              <td>{t.label}</td>
              {modes.map((m) => (
                <td key={m.value}>
                  <Checkbox
                    aria-label={`${t.label}, ${m.label}`}
                    checked={has(t.value, m.value)}
                    disabled={disabled}
                    onChange={(e) => toggle(t.value, m.value, e.currentTarget.checked)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }
  return (
    <div id={id} role="group" aria-label={label}>
      {grid}
      {stray.length > 0 && choices.periodChosen && !loading && (
        <ul className="allot-stray-term-modes">
          {stray.map((c) => (
            <li key={`${c.AcademicTermId}|${c.TeachingModeId}`}>
              A term of another period, {modeName(c.TeachingModeId)}{' '}
              <Button
                small
                minimal
                icon="cross"
                aria-label={`Remove the term of another period, ${modeName(c.TeachingModeId)}`}
                disabled={disabled}
                onClick={() => toggle(c.AcademicTermId, c.TeachingModeId, false)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useId } from 'react';
import { Checkbox, FormGroup, HTMLSelect, Switch } from '@blueprintjs/core';
import { CLONE_KINDS, CLONE_KIND_LABELS, type CloneKind } from '@allot/shared-events/browser';
import type { ReferenceOption } from '../../../lib/api/resourceApi.js';

export interface CloneChoices {
  source: string;
  target: string;
  kinds: CloneKind[];
  /** Source term → target term ('' = not copied). */
  termMapping: Record<string, string>;
  shiftMeetingDates: boolean;
  keepInstructors: boolean;
  keepNotes: boolean;
}

/** "Fall 2026" and "Fall 2027" are the same kind of term: the name without its year. */
export const season = (name: string) =>
  name
    .replace(/\d{2,4}([–-]\d{2,4})?/g, '')
    .trim()
    .toLowerCase();

/** Each source term mapped to the target term of the same name but for the year, if there is one. */
export function defaultMapping(
  sourceTerms: readonly ReferenceOption[],
  targetTerms: readonly ReferenceOption[],
  /** A blueprint's mapping by kind of term ("fall" → "fall", "summer" → null), if one is used. */
  bySeason?: Readonly<Record<string, string | null>>,
): Record<string, string> {
  return Object.fromEntries(
    sourceTerms.map((t) => {
      const from = season(t.label);
      const to = bySeason && from in bySeason ? bySeason[from] : from;
      return [t.value, (to && targetTerms.find((c) => season(c.label) === to)?.value) || ''];
    }),
  );
}

/** A mapping by kind of term, for a blueprint: each source term's season to its target's. */
export function mappingBySeason(
  termMapping: Readonly<Record<string, string>>,
  sourceTerms: readonly ReferenceOption[],
  targetTerms: readonly ReferenceOption[],
): Record<string, string | null> {
  return Object.fromEntries(
    sourceTerms.map((t) => {
      const target = targetTerms.find((c) => c.value === termMapping[t.value]);
      return [season(t.label), target ? season(target.label) : null];
    }),
  );
}

/** The clone's settings: periods, what to copy, the terms' mapping and the options. */
export function CloneSettingsForm({
  choices,
  periods,
  sourceTerms,
  targetTerms,
  termsReady,
  onChange,
}: {
  choices: CloneChoices;
  /** Both periods' terms are loaded (the mapping shows once it can be right). */
  termsReady: boolean;
  periods: readonly ReferenceOption[];
  sourceTerms: readonly ReferenceOption[];
  targetTerms: readonly ReferenceOption[];
  onChange: (next: CloneChoices) => void;
}) {
  const id = useId();
  const set = (patch: Partial<CloneChoices>) => onChange({ ...choices, ...patch });
  const periodSelect = (key: 'source' | 'target', label: string) => (
    <FormGroup label={label} labelFor={`${id}-${key}`}>
      <HTMLSelect
        id={`${id}-${key}`}
        fill
        value={choices[key]}
        onChange={(e) => set({ [key]: e.currentTarget.value, termMapping: {} })}
      >
        <option value="">Choose a period…</option>
        {periods.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
  return (
    <div className="allot-cloning-settings">
      <div className="allot-cloning-periods">
        {periodSelect('source', 'Copy from')}
        {periodSelect('target', 'Into')}
      </div>
      <fieldset className="allot-cloning-fieldset">
        <legend>What to copy</legend>
        {CLONE_KINDS.map((kind) => (
          <Checkbox
            key={kind}
            label={CLONE_KIND_LABELS[kind]}
            checked={choices.kinds.includes(kind)}
            onChange={(e) =>
              set({
                kinds: e.currentTarget.checked
                  ? CLONE_KINDS.filter((k) => k === kind || choices.kinds.includes(k))
                  : choices.kinds.filter((k) => k !== kind),
              })
            }
          />
        ))}
      </fieldset>
      {choices.source && choices.target && (
        <fieldset className="allot-cloning-fieldset">
          <legend>Terms</legend>
          {!termsReady && <p>Loading the terms…</p>}
          {termsReady && sourceTerms.length === 0 && <p>The period copied from has no terms.</p>}
          {(termsReady ? sourceTerms : []).map((term) => (
            <FormGroup
              key={term.value}
              label={`${term.label} goes to`}
              labelFor={`${id}-${term.value}`}
              inline
            >
              <HTMLSelect
                id={`${id}-${term.value}`}
                value={choices.termMapping[term.value] ?? ''}
                onChange={(e) =>
                  set({
                    termMapping: { ...choices.termMapping, [term.value]: e.currentTarget.value },
                  })
                }
              >
                <option value="">Not copied</option>
                {targetTerms.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          ))}
        </fieldset>
      )}
      <fieldset className="allot-cloning-fieldset">
        <legend>Options</legend>
        <Switch
          label="Move meeting dates into the new terms"
          checked={choices.shiftMeetingDates}
          onChange={(e) => set({ shiftMeetingDates: e.currentTarget.checked })}
        />
        <Switch
          label="Keep instructors (as proposed assignments) and administrative duties"
          checked={choices.keepInstructors}
          onChange={(e) => set({ keepInstructors: e.currentTarget.checked })}
        />
        <Switch
          label="Keep notes"
          checked={choices.keepNotes}
          onChange={(e) => set({ keepNotes: e.currentTarget.checked })}
        />
      </fieldset>
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Button, FormGroup, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { points } from './money.js';

export interface AmountFormProps {
  /** The field's label: "Rate per point of Lecturer, Assistant". */
  label: string;
  help: string;
  initial: number | null;
  max: number;
  /** Notes beside the amount (a cost set by hand says why). */
  notes?: { initial: string | null };
  /** Saves; answers the server's sentence when it refused, else null. */
  onSave: (amount: number, notes: string | null) => Promise<string | null>;
  /** Offered when there is something to remove; answers the refusal's sentence, else null. */
  onRemove?: (() => Promise<string | null>) | undefined;
  removeText?: string;
  onDone: () => void;
}

/** A small form for one amount of money (a rate, a cost), checked here before the server does. */
export function AmountForm({
  label,
  help,
  initial,
  max,
  notes,
  onSave,
  onRemove,
  removeText = 'Remove',
  onDone,
}: AmountFormProps) {
  const [text, setText] = useState(initial === null ? '' : String(initial));
  const [noteText, setNoteText] = useState(notes?.initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function run(action: () => Promise<string | null>) {
    setBusy(true);
    const refused = await action();
    setBusy(false);
    if (refused) setError(refused);
    else onDone();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const cleaned = text.trim().replace(/[\s,]/g, '');
    const value = Number(cleaned);
    if (cleaned === '' || !Number.isFinite(value)) return setError('Enter an amount.');
    if (value < 0) return setError('An amount cannot be negative.');
    if (value > max) return setError(`An amount can be at most ${points(max)}.`);
    void run(() => onSave(value, noteText.trim() === '' ? null : noteText.trim()));
  }

  return (
    <form className="allot-costs-form" onSubmit={submit} noValidate>
      <FormGroup
        label={label}
        labelFor={`${id}-amount`}
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={error ?? help}
      >
        <InputGroup
          id={`${id}-amount`}
          autoFocus
          inputMode="decimal"
          value={text}
          intent={error ? Intent.DANGER : Intent.NONE}
          onValueChange={(value) => {
            setText(value);
            setError(null);
          }}
          disabled={busy}
        />
      </FormGroup>
      {notes && (
        <FormGroup
          label="Notes"
          labelFor={`${id}-notes`}
          helperText="Why, for whoever reads it later"
        >
          <TextArea
            id={`${id}-notes`}
            fill
            value={noteText}
            maxLength={500}
            onChange={(e) => setNoteText(e.currentTarget.value)}
            disabled={busy}
          />
        </FormGroup>
      )}
      <div className="allot-costs-form__actions">
        {onRemove && (
          <Button
            intent={Intent.DANGER}
            variant="minimal"
            text={removeText}
            disabled={busy}
            onClick={() => void run(onRemove)}
          />
        )}
        <Button text="Cancel" onClick={onDone} disabled={busy} />
        <Button type="submit" intent={Intent.PRIMARY} text="Save" loading={busy} />
      </div>
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Dialog, DialogBody, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import {
  MAX_SECTION_COST,
  type CostLine,
  type CostRatesAnswer,
} from '@allot/shared-events/browser';
import { useCostWrites } from '../api/useCostWrites.js';
import { AmountForm } from './AmountForm.js';
import { points } from './money.js';
import { SubmitFooter } from '../../../components/layout/SubmitFooter.js';

export type CostEntryEdit = { mode: 'set' | 'placeholder'; line: CostLine };

const sectionWords = (line: CostLine) =>
  [line.section.name, line.section.title].filter(Boolean).join(' — ');

/** The placeholder's type, rank and (optionally) fixed cost. */
function PlaceholderForm({
  line,
  choices,
  onDone,
}: {
  line: CostLine;
  choices: Pick<CostRatesAnswer, 'types' | 'ranks'>;
  onDone: () => void;
}) {
  const writes = useCostWrites('instructorCosts');
  const id = useId();
  const [typeId, setTypeId] = useState(line.instructorType?.id ?? '');
  const [rankId, setRankId] = useState(line.rank?.id ?? '');
  const [amount, setAmount] = useState(
    line.entry?.amount === null || line.entry?.amount === undefined
      ? ''
      : String(line.entry.amount),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!typeId) return setError('Choose the instructor type to hire.');
    const cleaned = amount.trim().replace(/[\s,]/g, '');
    const fixed = cleaned === '' ? null : Number(cleaned);
    if (fixed !== null && (!Number.isFinite(fixed) || fixed < 0)) {
      return setError('Enter a cost of zero or more, or leave it empty to use the rate.');
    }
    if (fixed !== null && fixed > MAX_SECTION_COST) {
      return setError(`A cost can be at most ${points(MAX_SECTION_COST)}.`);
    }
    const body = { InstructorTypeId: typeId, RankId: rankId || null, amount: fixed };
    setBusy(true);
    const refused = line.entry
      ? await writes.update(line.entry.id, line.entry.revision, body)
      : await writes.create({ SectionId: line.section.id, ...body });
    setBusy(false);
    if (refused) setError(refused);
    else onDone();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogBody>
        <p>
          {points(line.points)} points of {sectionWords(line)} have nobody yet. A placeholder costs
          them as the instructor you plan to hire.
        </p>
        <FormGroup label="Instructor type" labelFor={`${id}-type`} labelInfo="(required)">
          <HTMLSelect
            id={`${id}-type`}
            fill
            value={typeId}
            onChange={(e) => {
              setTypeId(e.currentTarget.value);
              setError(null);
            }}
          >
            <option value="">Choose a type…</option>
            {choices.types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Rank" labelFor={`${id}-rank`}>
          <HTMLSelect
            id={`${id}-rank`}
            fill
            value={rankId}
            onChange={(e) => setRankId(e.currentTarget.value)}
          >
            <option value="">Any rank</option>
            {choices.ranks.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup
          label="Fixed cost"
          labelFor={`${id}-amount`}
          intent={error ? Intent.DANGER : Intent.NONE}
          helperText={error ?? 'Leave empty to cost it at the type and rank’s rate.'}
        >
          <InputGroup
            id={`${id}-amount`}
            inputMode="decimal"
            value={amount}
            intent={error ? Intent.DANGER : Intent.NONE}
            onValueChange={(v) => {
              setAmount(v);
              setError(null);
            }}
          />
        </FormGroup>
      </DialogBody>
      <SubmitFooter onCancel={onDone} submitText="Save placeholder" busy={busy} />
    </form>
  );
}

/** A cost set by hand on an assignment, or a section's placeholder, in a dialog. */
export function CostEntryDialog({
  edit,
  choices,
  onClose,
}: {
  edit: CostEntryEdit | null;
  choices: Pick<CostRatesAnswer, 'types' | 'ranks'>;
  onClose: () => void;
}) {
  const writes = useCostWrites('instructorCosts');
  const line = edit?.line;
  const entry = line?.entry ?? null;
  const title = !edit
    ? ''
    : edit.mode === 'placeholder'
      ? `Placeholder for ${edit.line.section.name}`
      : `Cost of ${edit.line.instructor?.name ?? ''} on ${edit.line.section.name}`;
  return (
    <Dialog isOpen={edit !== null} title={title} onClose={onClose}>
      {edit?.mode === 'placeholder' && line && (
        <PlaceholderForm line={line} choices={choices} onDone={onClose} />
      )}
      {edit?.mode === 'set' && line && (
        <DialogBody>
          <AmountForm
            label="Cost of this assignment"
            help={
              line.ratePerPoint !== null
                ? 'Replaces what the rate gives. Remove it to use the rate again.'
                : 'Replaces what a rate would give.'
            }
            initial={entry?.amount ?? line.cost}
            max={MAX_SECTION_COST}
            notes={{ initial: entry?.notes ?? null }}
            onSave={(amount, notes) =>
              entry
                ? writes.update(entry.id, entry.revision, { amount, notes })
                : writes.create({
                    SectionId: line.section.id,
                    UserId: line.instructor?.id ?? null,
                    amount,
                    notes,
                  })
            }
            onRemove={entry ? () => writes.remove(entry.id) : undefined}
            removeText="Use the rate again"
            onDone={onClose}
          />
        </DialogBody>
      )}
    </Dialog>
  );
}

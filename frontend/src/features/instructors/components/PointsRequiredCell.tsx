import { useState, type FormEvent } from 'react';
import {
  Button,
  FormGroup,
  Intent,
  NumericInput,
  Popover,
  PopoverInteractionKind,
} from '@blueprintjs/core';
import { MAX_POINTS_REQUIRED } from '@allot/shared-events/browser';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { notify } from '../../../lib/notifications/notify.js';
import { useSetPointsRequiredMutation } from '../api/workloadApi.js';

interface Props {
  UserId: string;
  name: string;
  required: number;
  /** Whether the viewer may change it (update on FinancialData). */
  editable: boolean;
}

/** The points an instructor is required to carry: shown to all, edited by financial staff. */
export function PointsRequiredCell({ UserId, name, required, editable }: Props) {
  const [open, setOpen] = useState(false);
  if (!editable) return <>{required}</>;
  return (
    <span className="allot-points-required">
      <span>{required}</span>
      <Popover
        isOpen={open}
        onInteraction={setOpen}
        interactionKind={PopoverInteractionKind.CLICK}
        placement="bottom-start"
        content={
          <PointsRequiredForm
            UserId={UserId}
            name={name}
            required={required}
            onDone={() => setOpen(false)}
          />
        }
      >
        <Button
          size="small"
          variant="minimal"
          icon="edit"
          aria-label={`Change the points required of ${name}`}
        />
      </Popover>
    </span>
  );
}

function PointsRequiredForm({
  UserId,
  name,
  required,
  onDone,
}: Omit<Props, 'editable'> & { onDone: () => void }) {
  const [text, setText] = useState(String(required));
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSetPointsRequiredMutation();
  const inputId = `points-required-${UserId}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(value)) return setError('Enter a number.');
    if (value < 0) return setError('Points required cannot be negative.');
    if (value > MAX_POINTS_REQUIRED)
      return setError(`Points required can be at most ${MAX_POINTS_REQUIRED}.`);
    if (value === required) return onDone();
    const result = await save({ UserId, pointsRequired: value });
    if ('error' in result) return setError(problemOf(result.error).message);
    onDone();
    void notify({ message: `${name} now has ${value} points required.`, intent: Intent.SUCCESS });
  }

  return (
    <form className="allot-points-required__form" onSubmit={(e) => void submit(e)} noValidate>
      <FormGroup
        label={`Points required of ${name}`}
        labelFor={inputId}
        intent={error ? Intent.DANGER : Intent.NONE}
        helperText={error ?? 'Assigned and remaining follow from the plan.'}
      >
        <NumericInput
          id={inputId}
          autoFocus
          min={0}
          max={MAX_POINTS_REQUIRED}
          stepSize={0.5}
          minorStepSize={0.5}
          value={text}
          intent={error ? Intent.DANGER : Intent.NONE}
          onValueChange={(_n, raw) => {
            setText(raw);
            setError(null);
          }}
          disabled={isLoading}
        />
      </FormGroup>
      <div className="allot-points-required__actions">
        <Button text="Cancel" onClick={onDone} disabled={isLoading} />
        <Button type="submit" intent={Intent.PRIMARY} text="Save" loading={isLoading} />
      </div>
    </form>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { Button, ControlGroup, InputGroup, Popover } from '@blueprintjs/core';
import { formatDateTime } from '../reportGrid.js';

/** An instant as a datetime-local input shows it, in the viewer's time zone. */
function localInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * "As of": the plan as it stood at a date and time the user picks (a report of the plan's
 * history), or the plan now.
 */
export function AsOfControl({
  asOf,
  onChange,
}: {
  asOf: string | null;
  onChange: (at: string | null) => void;
}) {
  const [text, setText] = useState(localInputValue(asOf));
  useEffect(() => setText(localInputValue(asOf)), [asOf]);
  function submit(e: FormEvent) {
    e.preventDefault();
    const moment = new Date(text);
    if (text === '' || Number.isNaN(moment.getTime())) return;
    onChange(moment.toISOString());
  }
  return (
    <Popover
      placement="bottom-start"
      shouldReturnFocusOnClose
      content={
        <form className="allot-report-popover" onSubmit={submit}>
          <ControlGroup>
            <InputGroup
              type="datetime-local"
              aria-label="Show the plan as of"
              value={text}
              onValueChange={setText}
            />
            <Button type="submit" intent="primary" text="Show" disabled={text === ''} />
          </ControlGroup>
          {asOf && (
            <Button
              className="allot-report-popover__after"
              variant="minimal"
              icon="reset"
              text="Back to the plan now"
              onClick={() => onChange(null)}
            />
          )}
        </form>
      }
    >
      <Button
        size="small"
        variant="minimal"
        icon="history"
        endIcon="caret-down"
        text={asOf ? `As of ${formatDateTime(asOf)}` : 'As of now'}
      />
    </Popover>
  );
}

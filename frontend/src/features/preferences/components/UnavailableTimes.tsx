import { useEffect, useState } from 'react';
import { Button, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { notify } from '../../../lib/notifications/notify.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import {
  WEEKDAYS,
  useSetUnavailableMutation,
  type UnavailableSpan,
} from '../../../lib/api/preferencesApi.js';

const dayName = (day: string) => WEEKDAYS.find(([d]) => d === day)?.[1] ?? day;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The weekly times an instructor cannot teach: listed, added one at a time, saved together. */
export function UnavailableTimes({
  periodId,
  saved,
  editable,
}: {
  periodId: string;
  saved: readonly UnavailableSpan[];
  editable: boolean;
}) {
  const [spans, setSpans] = useState<UnavailableSpan[]>([...saved]);
  const [draft, setDraft] = useState<UnavailableSpan>({
    day: 'MO',
    startTime: '08:00',
    endTime: '10:00',
  });
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useSetUnavailableMutation();
  useEffect(() => setSpans([...saved]), [saved]);
  const dirty = JSON.stringify(spans) !== JSON.stringify(saved);

  function addSpan() {
    if (!TIME.test(draft.startTime) || !TIME.test(draft.endTime)) {
      return setError('Times are HH:MM, e.g. 13:30.');
    }
    if (draft.startTime >= draft.endTime) return setError('The end must be after the start.');
    setError(null);
    setSpans([...spans, draft]);
  }
  async function saveAll() {
    const result = await save({ periodId, unavailable: spans });
    void notify(
      'error' in result
        ? { message: problemOf(result.error).message, intent: Intent.DANGER }
        : { message: 'Unavailable times saved.', intent: Intent.SUCCESS },
    );
  }

  return (
    <section aria-labelledby="unavailable-heading" className="allot-preferences__section">
      <h3 id="unavailable-heading" className="bp6-heading">
        When you cannot teach
      </h3>
      {spans.length === 0 ? (
        <p className="bp6-text-muted">No unavailable times: any time of the week is possible.</p>
      ) : (
        <div className="allot-tag-list">
          {spans.map((s, i) => (
            <Tag
              key={`${s.day}${s.startTime}${i}`}
              large
              minimal
              icon="time"
              {...(editable ? { onRemove: () => setSpans(spans.filter((_, j) => j !== i)) } : {})}
            >
              {dayName(s.day)} {s.startTime}–{s.endTime}
            </Tag>
          ))}
        </div>
      )}
      {editable && (
        <div className="allot-form-row allot-preferences__add-span">
          <HTMLSelect
            aria-label="Day"
            value={draft.day}
            onChange={(e) => {
              const day = WEEKDAYS.find(([d]) => d === e.currentTarget.value)?.[0];
              if (day) setDraft({ ...draft, day });
            }}
            options={WEEKDAYS.map(([value, label]) => ({ value, label }))}
          />
          <InputGroup
            aria-label="From"
            type="time"
            value={draft.startTime}
            onValueChange={(startTime) => setDraft({ ...draft, startTime })}
          />
          <InputGroup
            aria-label="Until"
            type="time"
            value={draft.endTime}
            onValueChange={(endTime) => setDraft({ ...draft, endTime })}
          />
          <Button icon="add" text="Add time" onClick={addSpan} />
          <Button
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            text="Save times"
            disabled={!dirty}
            loading={saving.isLoading}
            onClick={() => void saveAll()}
          />
        </div>
      )}
      {error && (
        <p className="allot-field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

import { Checkbox, FormGroup, HTMLSelect, Intent, NumericInput } from '@blueprintjs/core';
import {
  LAST_SCHEDULED_DAY_OF_MONTH,
  WEEKDAY_NAMES,
  describeSchedule,
  type DataServiceFrequency,
  type DataServiceSchedule,
} from '@allot/shared-events/browser';

export type Frequency = DataServiceFrequency | 'none';

/** A schedule being chosen: every field kept while another frequency is chosen. */
export interface ScheduleDraft {
  timeZone: string;
  frequency: Frequency;
  time: string;
  weekdays: number[];
  dayOfMonth: number;
}

const FREQUENCY_LABELS: Readonly<Record<Frequency, string>> = {
  none: 'Only when someone runs it',
  daily: 'Every day',
  weekly: 'Every week',
  monthly: 'Every month',
};

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The time zones this browser knows, the chosen one first when it is not among them. */
function timeZones(chosen: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = known.includes('UTC') ? known : ['UTC', ...known];
  return all.includes(chosen) ? all : [chosen, ...all];
}

export function scheduleDraftOf(
  schedule: DataServiceSchedule | null | undefined,
  timeZone: string | null | undefined,
): ScheduleDraft {
  return {
    timeZone: timeZone ?? browserTimeZone(),
    frequency: schedule?.frequency ?? 'none',
    time: schedule?.time ?? '06:00',
    weekdays: schedule?.weekdays ?? [1],
    dayOfMonth: schedule?.dayOfMonth ?? 1,
  };
}

/** The schedule the server takes: only the fields its frequency has; null for none. */
export function scheduleOf(draft: ScheduleDraft): DataServiceSchedule | null {
  const { frequency, time } = draft;
  if (frequency === 'none') return null;
  if (frequency === 'weekly') {
    return { frequency, time, weekdays: [...draft.weekdays].sort((a, b) => a - b) };
  }
  if (frequency === 'monthly') return { frequency, time, dayOfMonth: draft.dayOfMonth };
  return { frequency, time };
}

/** What is wrong with the schedule before anything is sent; null when nothing is. */
export function scheduleError(draft: ScheduleDraft): string | null {
  if (draft.frequency === 'weekly' && draft.weekdays.length === 0) {
    return 'Choose at least one day.';
  }
  if (draft.frequency !== 'none' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.time)) {
    return 'Choose the time of day.';
  }
  return null;
}

/**
 * When something runs by itself — never, daily, on weekdays, or on a day of the month, at a
 * time — and the time zone of that clock, with the schedule in words under it. Shared by data
 * services and saved imports.
 */
export function ScheduleFields({
  idPrefix,
  draft,
  onChange,
  error,
  timeZoneError,
  timeZoneNote,
}: {
  /** Element ids: `<prefix>-frequency`, `<prefix>-time-zone`. */
  idPrefix: string;
  draft: ScheduleDraft;
  onChange: (change: Partial<ScheduleDraft>) => void;
  error?: string | undefined;
  timeZoneError?: string | undefined;
  /** A sentence after the schedule in words (what else the time zone decides). */
  timeZoneNote?: string;
}) {
  const preview = scheduleOf(draft);
  const field = (message: string | undefined) => ({
    intent: message ? Intent.DANGER : Intent.NONE,
    helperText: message,
  });
  return (
    <>
      <FormGroup label="Runs by itself" labelFor={`${idPrefix}-frequency`} {...field(error)}>
        <div className="allot-data-service-schedule">
          <HTMLSelect
            id={`${idPrefix}-frequency`}
            value={draft.frequency}
            onChange={(e) => onChange({ frequency: e.target.value as Frequency })}
          >
            {(Object.keys(FREQUENCY_LABELS) as Frequency[]).map((f) => (
              <option key={f} value={f}>
                {FREQUENCY_LABELS[f]}
              </option>
            ))}
          </HTMLSelect>
          {draft.frequency === 'monthly' && (
            <label className="allot-inline-label">
              on day
              <NumericInput
                aria-label="Day of the month"
                min={1}
                max={LAST_SCHEDULED_DAY_OF_MONTH}
                value={draft.dayOfMonth}
                clampValueOnBlur
                minorStepSize={null}
                onValueChange={(value) =>
                  onChange({
                    dayOfMonth: Number.isFinite(value)
                      ? Math.min(LAST_SCHEDULED_DAY_OF_MONTH, Math.max(1, Math.round(value)))
                      : 1,
                  })
                }
                style={{ width: 56 }}
              />
            </label>
          )}
          {draft.frequency !== 'none' && (
            <label className="allot-inline-label">
              at
              <input
                type="time"
                className="bp6-input"
                aria-label="Time of day"
                value={draft.time}
                required
                onChange={(e) => onChange({ time: e.target.value })}
              />
            </label>
          )}
        </div>
      </FormGroup>
      {draft.frequency === 'weekly' && (
        <fieldset className="allot-data-service-days">
          <legend>On</legend>
          {WEEKDAY_NAMES.map((day, index) => (
            <Checkbox
              key={day}
              inline
              label={day}
              checked={draft.weekdays.includes(index)}
              onChange={(e) =>
                onChange({
                  weekdays: e.currentTarget.checked
                    ? [...draft.weekdays, index]
                    : draft.weekdays.filter((d) => d !== index),
                })
              }
            />
          ))}
        </fieldset>
      )}
      <FormGroup
        label="Time zone"
        labelFor={`${idPrefix}-time-zone`}
        {...field(timeZoneError)}
        helperText={
          timeZoneError ??
          [preview ? `${describeSchedule(preview)}, ${draft.timeZone} time.` : null, timeZoneNote]
            .filter(Boolean)
            .join(' ')
        }
      >
        <HTMLSelect
          id={`${idPrefix}-time-zone`}
          value={draft.timeZone}
          onChange={(e) => onChange({ timeZone: e.target.value })}
        >
          {timeZones(draft.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    </>
  );
}

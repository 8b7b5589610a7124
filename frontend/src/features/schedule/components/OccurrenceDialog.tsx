import { useState } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { notify } from '../../../lib/notifications/notify.js';
import { problemOf, type ServerProblem } from '../../../lib/errors/serverErrors.js';
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '../../../lib/domain/sectionTypes.js';
import { minutesOf, type MoveTarget } from '../calendarLayout.js';
import {
  useMoveMeetingMutation,
  type Occurrence,
  type OccurrenceFlag,
} from '../api/scheduleApi.js';
import { blockLabel } from './WeekCalendar.js';
import '../../../components/layout/forms.css';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

function flagText(f: OccurrenceFlag): string {
  return `${f.message}${f.otherSection ? ` (${f.otherSection})` : ''}`;
}

function when(at: string): string {
  return new Date(at).toLocaleString(DATE_LOCALE);
}

/**
 * One meeting on one date: what it is, every conflict and warning with its sentence (overridden
 * ones say by whom), and — for whoever may update the Scheduler — the move form, the keyboard
 * alternative to dragging. A conflict (422) shows the server's sentence with "Move anyway".
 */
export function OccurrenceDialog({
  occurrence: o,
  canMove,
  proposed,
  initialProblem,
  onClose,
}: {
  occurrence: Occurrence;
  canMove: boolean;
  /** A drop to confirm (or a refused one to move anyway). */
  proposed?: MoveTarget | undefined;
  initialProblem?: ServerProblem | null | undefined;
  onClose: () => void;
}) {
  const [move] = useMoveMeetingMutation();
  const [days, setDays] = useState<Weekday[]>(proposed?.days ?? o.meeting.days);
  const [start, setStart] = useState(proposed?.startTime ?? o.meeting.startTime);
  const [end, setEnd] = useState(proposed?.endTime ?? o.meeting.endTime);
  const [problem, setProblem] = useState<ServerProblem | null>(initialProblem ?? null);
  const [errors, setErrors] = useState<{ days?: string; start?: string; end?: string }>({});
  const [saving, setSaving] = useState(false);

  function validate(): boolean {
    const found: typeof errors = {};
    if (days.length === 0) found.days = 'Pick at least one day.';
    if (!HHMM.test(start)) found.start = 'A time as HH:MM, e.g. 09:30.';
    else if (minutesOf(start) % 5 !== 0) found.start = 'Times go in steps of 5 minutes.';
    if (!HHMM.test(end)) found.end = 'A time as HH:MM, e.g. 10:45.';
    else if (minutesOf(end) % 5 !== 0) found.end = 'Times go in steps of 5 minutes.';
    else if (HHMM.test(start) && minutesOf(end) <= minutesOf(start))
      found.end = 'The meeting ends after it starts.';
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  async function submit(override: boolean) {
    if (!validate()) return;
    setSaving(true);
    const result = await move({
      sectionId: o.SectionId,
      meetingId: o.meetingId,
      days,
      startTime: start,
      endTime: end,
      override,
    });
    setSaving(false);
    if ('error' in result) {
      setProblem(problemOf(result.error));
      return;
    }
    void notify({ message: `${blockLabel(o)} moved.`, intent: Intent.SUCCESS });
    onClose();
  }

  const amber = [...o.overridden, ...o.warnings];
  return (
    <Dialog isOpen onClose={onClose} title={`${blockLabel(o)} — ${o.sectionName}`} icon="calendar">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit(false);
        }}
      >
        <DialogBody>
          <dl className="allot-teaching-summary">
            <dt>Date</dt>
            <dd>
              {o.date}, {o.startTime}–{o.endTime}
            </dd>
            <dt>Course</dt>
            <dd>
              {o.courseNumber ?? '—'} {o.courseName ?? ''}
            </dd>
            <dt>Room</dt>
            <dd>{o.locationCode ?? 'No room'}</dd>
            <dt>Instructors</dt>
            <dd>{o.instructors.map((i) => i.name).join(', ') || 'None yet'}</dd>
          </dl>
          {o.conflicts.length > 0 && (
            <Callout intent={Intent.DANGER} title="Conflicts on this date" icon="error">
              <ul className="allot-flag-list">
                {o.conflicts.map((c, i) => (
                  <li key={`c${String(i)}`} className="allot-flag--conflict">
                    {flagText(c)}
                    {c.overridden &&
                      (c.overridden.byName
                        ? ` Overridden by ${c.overridden.byName} on ${when(c.overridden.at)}.`
                        : ` Overridden when the plan was loaded, on ${when(c.overridden.at)}.`)}
                  </li>
                ))}
              </ul>
            </Callout>
          )}
          {amber.length > 0 && (
            <Callout
              intent={Intent.WARNING}
              title="Overridden conflicts and warnings"
              icon="warning-sign"
              className="allot-detail-section"
            >
              <ul className="allot-flag-list">
                {o.overridden.map((c, i) => (
                  <li key={`o${String(i)}`} className="allot-flag--amber">
                    Overridden: {flagText(c)}
                  </li>
                ))}
                {o.warnings.map((w, i) => (
                  <li key={`w${String(i)}`} className="allot-flag--amber">
                    Back-to-back: {flagText(w)}
                  </li>
                ))}
              </ul>
            </Callout>
          )}
          {canMove && (
            <fieldset className="allot-detail-section" aria-label="Move this meeting">
              <legend>Move this meeting (every week it is held)</legend>
              {problem && (
                <Callout
                  role="alert"
                  intent={problem.status === 422 ? Intent.WARNING : Intent.DANGER}
                  title={problem.status === 422 ? 'Not moved: a conflict' : 'Not moved'}
                  className="allot-form-callout"
                >
                  <p>{problem.message}</p>
                  {problem.status === 422 && (
                    <Button
                      intent={Intent.WARNING}
                      icon="warning-sign"
                      text="Move anyway"
                      loading={saving}
                      onClick={() => void submit(true)}
                    />
                  )}
                </Callout>
              )}
              <FormGroup
                label="Days"
                intent={errors.days ? Intent.DANGER : Intent.NONE}
                helperText={errors.days}
              >
                <div className="allot-move-days">
                  {WEEKDAYS.map((d) => (
                    <Checkbox
                      key={d}
                      label={WEEKDAY_LABELS[d]}
                      checked={days.includes(d)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setDays((list) =>
                          WEEKDAYS.filter((w) => (w === d ? on : list.includes(w))),
                        );
                      }}
                    />
                  ))}
                </div>
              </FormGroup>
              <div className="allot-section-form-grid">
                <FormGroup
                  label="Starts"
                  labelFor="move-start"
                  intent={errors.start ? Intent.DANGER : Intent.NONE}
                  helperText={errors.start}
                >
                  <InputGroup id="move-start" value={start} onValueChange={setStart} />
                </FormGroup>
                <FormGroup
                  label="Ends"
                  labelFor="move-end"
                  intent={errors.end ? Intent.DANGER : Intent.NONE}
                  helperText={errors.end}
                >
                  <InputGroup id="move-end" value={end} onValueChange={setEnd} />
                </FormGroup>
              </div>
            </fieldset>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Close" onClick={onClose} disabled={saving} />
              {canMove && (
                <Button
                  type="submit"
                  intent={Intent.PRIMARY}
                  text="Move"
                  icon="move"
                  loading={saving}
                />
              )}
            </>
          }
        />
      </form>
    </Dialog>
  );
}

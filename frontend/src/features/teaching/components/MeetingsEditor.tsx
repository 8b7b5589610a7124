import { useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  Card,
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import type { ServerProblem } from '../../../lib/errors/serverErrors.js';
import {
  WEEKDAY_LABELS,
  WEEKDAYS,
  type Meeting,
  type SectionRow,
  type Weekday,
} from '../../../lib/domain/sectionTypes.js';
import { labelOf, type TeachingChoices } from '../../../lib/hooks/useTeachingChoices.js';
import '../teaching.css';
import { SubmitFooter } from '../../../components/layout/SubmitFooter.js';

/** A meeting as the form holds it (text as typed). */
interface MeetingForm {
  id: string;
  days: Weekday[];
  startTime: string;
  endTime: string;
  startDate: string;
  ends: 'until' | 'occurrences';
  until: string;
  occurrences: string;
  frequency: 'weekly' | 'biweekly';
  LocationId: string;
  exceptions: string;
  description: string;
}

let nextId = 0;
function newMeetingId(): string {
  nextId += 1;
  return `m-${Date.now().toString(36)}-${String(nextId)}`;
}

function formOf(m: Meeting): MeetingForm {
  return {
    id: m.id,
    days: [...m.days],
    startTime: m.startTime,
    endTime: m.endTime,
    startDate: m.startDate,
    ends: m.occurrences ? 'occurrences' : 'until',
    until: m.until ?? '',
    occurrences: m.occurrences ? String(m.occurrences) : '',
    frequency: m.frequency,
    LocationId: m.LocationId ?? '',
    exceptions: (m.exceptions ?? []).join(', '),
    description: m.description ?? '',
  };
}

function blankMeeting(): MeetingForm {
  return {
    id: newMeetingId(),
    days: [],
    startTime: '09:00',
    endTime: '09:50',
    startDate: '',
    ends: 'until',
    until: '',
    occurrences: '',
    frequency: 'weekly',
    LocationId: '',
    exceptions: '',
    description: '',
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The meetings to send, or a sentence per meeting (by index) for what to fix first. */
export function meetingsOf(forms: readonly MeetingForm[]): {
  meetings: Meeting[];
  errors: Record<number, string>;
} {
  const errors: Record<number, string> = {};
  const meetings = forms.map((f, i): Meeting => {
    const exceptions = f.exceptions
      .split(/[\s,]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    const problems: string[] = [];
    if (f.days.length === 0) problems.push('Pick at least one day.');
    if (!TIME.test(f.startTime) || !TIME.test(f.endTime))
      problems.push('Enter the start and end times, such as 09:30.');
    else if (f.endTime <= f.startTime) problems.push('End after the start time.');
    if (!DATE.test(f.startDate)) problems.push('Enter the start date.');
    if (f.ends === 'until' && !DATE.test(f.until)) problems.push('Enter the date it runs until.');
    if (f.ends === 'until' && DATE.test(f.until) && f.until < f.startDate)
      problems.push('It cannot run until a day before its start date.');
    const count = Number(f.occurrences);
    if (f.ends === 'occurrences' && !(Number.isInteger(count) && count >= 1 && count <= 500))
      problems.push('Meet from 1 to 500 times.');
    if (exceptions.some((d) => !DATE.test(d)))
      problems.push('Write each exception as a date, such as 2026-11-26.');
    if (problems.length > 0) errors[i] = `Meeting ${String(i + 1)}: ${problems.join(' ')}`;
    return {
      id: f.id,
      days: WEEKDAYS.filter((d) => f.days.includes(d)),
      startTime: f.startTime,
      endTime: f.endTime,
      startDate: f.startDate,
      until: f.ends === 'until' ? f.until : null,
      occurrences: f.ends === 'occurrences' ? count : null,
      frequency: f.frequency,
      exceptions,
      LocationId: f.LocationId || null,
      description: f.description.trim() || null,
    };
  });
  return { meetings, errors };
}

export interface MeetingsEditorProps {
  section: SectionRow;
  choices: TeachingChoices;
  /** Answers the server's problem, or null when saved. */
  onSave: (meetings: Meeting[], override: boolean) => Promise<ServerProblem | null>;
  onClose: () => void;
}

/**
 * The section's meetings: days, times, dates (until or a number of occurrences), weekly or every
 * other week, room, exceptions. A conflict (422) is shown with the choice to override it.
 */
export function MeetingsEditor({ section, choices, onSave, onClose }: MeetingsEditorProps) {
  const [forms, setForms] = useState<MeetingForm[]>(() => section.meetings.map(formOf));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (i: number, patch: Partial<MeetingForm>) =>
    setForms((all) => all.map((f, j) => (j === i ? { ...f, ...patch } : f)));

  async function save(override: boolean) {
    const { meetings, errors: found } = meetingsOf(forms);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const failed = await onSave(meetings, override);
    setSaving(false);
    setProblem(failed);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(false);
  };
  const conflict = problem?.status === 422;
  const title = `Meetings of ${section.courseNumber ?? ''} ${section.sectionNumber}`.trim();

  return (
    <Dialog
      isOpen
      title={title}
      onClose={onClose}
      canOutsideClickClose={!saving}
      style={{ width: 760 }}
    >
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {problem && (
            <Callout
              intent={conflict ? Intent.WARNING : Intent.DANGER}
              role="alert"
              title={conflict ? 'This schedule conflicts' : 'Not saved'}
              className="allot-form-callout"
            >
              <p>{problem.message}</p>
              {Object.entries(problem.fieldErrors).length > 0 && (
                <ul>
                  {Object.entries(problem.fieldErrors).map(([field, message]) => (
                    <li key={field}>
                      {field}: {message}
                    </li>
                  ))}
                </ul>
              )}
              {conflict && (
                <Button
                  intent={Intent.WARNING}
                  icon="warning-sign"
                  text="Override and save"
                  loading={saving}
                  onClick={() => void save(true)}
                />
              )}
            </Callout>
          )}
          {forms.length === 0 && <p className="allot-teaching-muted">No meetings yet.</p>}
          {forms.map((f, i) => (
            <Card
              key={f.id}
              className="allot-meeting-card"
              compact
              aria-label={`Meeting ${String(i + 1)}`}
              role="group"
            >
              {errors[i] && (
                <Callout intent={Intent.DANGER} role="alert" className="allot-form-callout">
                  {errors[i]}
                </Callout>
              )}
              <FormGroup label="Days">
                <div
                  className="allot-meeting-days"
                  role="group"
                  aria-label={`Days of meeting ${String(i + 1)}`}
                >
                  {WEEKDAYS.map((d) => {
                    const on = f.days.includes(d);
                    return (
                      <Button
                        key={d}
                        size="small"
                        active={on}
                        intent={on ? Intent.PRIMARY : Intent.NONE}
                        aria-pressed={on}
                        text={WEEKDAY_LABELS[d]}
                        onClick={() =>
                          change(i, { days: on ? f.days.filter((x) => x !== d) : [...f.days, d] })
                        }
                      />
                    );
                  })}
                </div>
              </FormGroup>
              <div className="allot-meeting-grid">
                <FormGroup label="Start time" labelFor={`${f.id}-start`}>
                  <InputGroup
                    id={`${f.id}-start`}
                    type="time"
                    value={f.startTime}
                    onValueChange={(v) => change(i, { startTime: v })}
                  />
                </FormGroup>
                <FormGroup label="End time" labelFor={`${f.id}-end`}>
                  <InputGroup
                    id={`${f.id}-end`}
                    type="time"
                    value={f.endTime}
                    onValueChange={(v) => change(i, { endTime: v })}
                  />
                </FormGroup>
                <FormGroup label="Repeats" labelFor={`${f.id}-frequency`}>
                  <HTMLSelect
                    id={`${f.id}-frequency`}
                    fill
                    value={f.frequency}
                    onChange={(e) =>
                      change(i, { frequency: e.currentTarget.value as MeetingForm['frequency'] })
                    }
                  >
                    <option value="weekly">Weekly</option>
                    <option value="biweekly">Every other week</option>
                  </HTMLSelect>
                </FormGroup>
                <FormGroup label="Start date" labelFor={`${f.id}-startDate`}>
                  <InputGroup
                    id={`${f.id}-startDate`}
                    type="date"
                    value={f.startDate}
                    onValueChange={(v) => change(i, { startDate: v })}
                  />
                </FormGroup>
                <RadioGroup
                  label="Ends"
                  inline
                  selectedValue={f.ends}
                  onChange={(e) =>
                    change(i, { ends: e.currentTarget.value as MeetingForm['ends'] })
                  }
                >
                  <Radio label="On a date" value="until" />
                  <Radio label="After" value="occurrences" />
                </RadioGroup>
                {f.ends === 'until' ? (
                  <FormGroup label="Until" labelFor={`${f.id}-until`}>
                    <InputGroup
                      id={`${f.id}-until`}
                      type="date"
                      value={f.until}
                      onValueChange={(v) => change(i, { until: v })}
                    />
                  </FormGroup>
                ) : (
                  <FormGroup label="Occurrences" labelFor={`${f.id}-occurrences`}>
                    <InputGroup
                      id={`${f.id}-occurrences`}
                      inputMode="numeric"
                      value={f.occurrences}
                      onValueChange={(v) => change(i, { occurrences: v })}
                    />
                  </FormGroup>
                )}
                <FormGroup label="Location" labelFor={`${f.id}-location`}>
                  {choices.locations ? (
                    <HTMLSelect
                      id={`${f.id}-location`}
                      fill
                      value={f.LocationId}
                      onChange={(e) => change(i, { LocationId: e.currentTarget.value })}
                    >
                      <option value="">No room</option>
                      {choices.locations.map((l) => (
                        <option key={l.value} value={l.value}>
                          {l.label}
                        </option>
                      ))}
                    </HTMLSelect>
                  ) : (
                    <InputGroup
                      id={`${f.id}-location`}
                      readOnly
                      value={
                        f.LocationId
                          ? (labelOf(choices.locations, f.LocationId) ?? 'Kept as set')
                          : 'No room'
                      }
                    />
                  )}
                </FormGroup>
                <FormGroup
                  label="Exceptions"
                  labelFor={`${f.id}-exceptions`}
                  helperText="Dates it does not meet, e.g. 2026-11-26"
                >
                  <InputGroup
                    id={`${f.id}-exceptions`}
                    value={f.exceptions}
                    onValueChange={(v) => change(i, { exceptions: v })}
                  />
                </FormGroup>
                <FormGroup label="Description" labelFor={`${f.id}-description`}>
                  <InputGroup
                    id={`${f.id}-description`}
                    value={f.description}
                    onValueChange={(v) => change(i, { description: v })}
                  />
                </FormGroup>
              </div>
              <Button
                variant="minimal"
                intent={Intent.DANGER}
                icon="trash"
                text={`Remove meeting ${String(i + 1)}`}
                onClick={() => setForms((all) => all.filter((_, j) => j !== i))}
              />
            </Card>
          ))}
          <Button
            icon="add"
            text="Add meeting"
            onClick={() => setForms((all) => [...all, blankMeeting()])}
          />
        </DialogBody>
        <SubmitFooter onCancel={onClose} submitText="Save meetings" busy={saving} />
      </form>
    </Dialog>
  );
}

/** "Mon Wed 09:00–09:50 · SCI 101" for a table cell. */
export function meetingSummary(m: Meeting, locations: TeachingChoices['locations']): string {
  const days = m.days.map((d) => WEEKDAY_LABELS[d]).join(' ');
  const room = m.LocationId ? labelOf(locations, m.LocationId) : null;
  const every = m.frequency === 'biweekly' ? ' (every other week)' : '';
  return `${days} ${m.startTime}–${m.endTime}${every}${room ? ` · ${room}` : ''}`;
}

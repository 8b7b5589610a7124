import { useState, type FormEvent } from 'react';
import {
  Callout,
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  Intent,
  Radio,
  RadioGroup,
  Slider,
  TextArea,
} from '@blueprintjs/core';
import { UserPicker } from '../../../components/pickers/UserPicker.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import {
  LEVELS,
  useAddPreferenceMutation,
  useUpdatePreferenceMutation,
  type PreferenceBody,
  type PreferenceChoices,
  type PreferenceLevel,
  type TeachingPreference,
} from '../../../lib/api/preferencesApi.js';
import { SubmitFooter } from '../../../components/layout/SubmitFooter.js';

export interface PreferenceDialogProps {
  periodId: string;
  choices: PreferenceChoices;
  /** The preference being edited; none: a new one. */
  editing: TeachingPreference | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Add or edit one preference: what it is about (a course or a kind of assignment), how much. */
export function PreferenceDialog({
  periodId,
  choices,
  editing,
  onClose,
  onSaved,
}: PreferenceDialogProps) {
  const [about, setAbout] = useState<'course' | 'type'>(
    editing && !editing.CourseId && editing.AssignmentTypeId ? 'type' : 'course',
  );
  const [CourseId, setCourseId] = useState<string | null>(editing?.CourseId ?? null);
  const [AssignmentTypeId, setTypeId] = useState(editing?.AssignmentTypeId ?? '');
  const [level, setLevel] = useState<PreferenceLevel>(editing?.level ?? 'preferred');
  const [weight, setWeight] = useState(editing?.weight ?? 1);
  const [AcademicTermId, setTermId] = useState(editing?.AcademicTermId ?? '');
  const [TeachingModeId, setModeId] = useState(editing?.TeachingModeId ?? '');
  const [notes, setNotes] = useState(editing?.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const [add, adding] = useAddPreferenceMutation();
  const [update, updating] = useUpdatePreferenceMutation();
  const courseOptions = choices.courses.map((c) => ({
    value: c.id,
    label: `${c.courseNumber} — ${c.name}`,
  }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (about === 'course' && !CourseId) return setError('Choose the course.');
    if (about === 'type' && !AssignmentTypeId) return setError('Choose the kind of assignment.');
    const body: PreferenceBody = {
      level,
      weight,
      CourseId: about === 'course' ? CourseId : null,
      AssignmentTypeId: about === 'type' ? AssignmentTypeId : null,
      AcademicTermId: AcademicTermId || null,
      TeachingModeId: TeachingModeId || null,
      notes: notes.trim() || null,
    };
    const result = editing
      ? await update({ periodId, id: editing.id, body })
      : await add({ periodId, body });
    if ('error' in result) setError(problemOf(result.error).message);
    else onSaved(editing ? 'Preference saved.' : 'Preference added.');
  }

  return (
    <Dialog isOpen title={editing ? 'Edit preference' : 'Add a preference'} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          {error && (
            <Callout intent={Intent.DANGER} icon="error" className="allot-dialog-error">
              {error}
            </Callout>
          )}
          <RadioGroup
            label="About"
            inline
            selectedValue={about}
            onChange={(e) => setAbout(e.currentTarget.value as 'course' | 'type')}
          >
            <Radio label="A course" value="course" />
            <Radio label="A kind of assignment" value="type" />
          </RadioGroup>
          {about === 'course' ? (
            <UserPicker
              label="Course (required)"
              users={courseOptions}
              value={CourseId}
              onChange={setCourseId}
              icon="book"
              placeholder="Search by number or name…"
              noMatch="No course matches."
            />
          ) : (
            <FormGroup label="Assignment type (required)" labelFor="preference-type">
              <HTMLSelect
                id="preference-type"
                fill
                value={AssignmentTypeId}
                onChange={(e) => setTypeId(e.currentTarget.value)}
                options={[
                  { value: '', label: 'Choose…' },
                  ...choices.assignmentTypes.map((t) => ({ value: t.id, label: t.name })),
                ]}
              />
            </FormGroup>
          )}
          <FormGroup label="How much" labelFor="preference-level">
            <HTMLSelect
              id="preference-level"
              fill
              value={level}
              onChange={(e) => setLevel(e.currentTarget.value as PreferenceLevel)}
              options={LEVELS.map(([value, label]) => ({ value, label }))}
            />
          </FormGroup>
          <FormGroup
            label="Weight"
            helperText="How strongly, within the level: 1 is the full level, 0 halfway to neutral."
          >
            <Slider
              min={0}
              max={1}
              stepSize={0.05}
              labelStepSize={0.25}
              value={weight}
              onChange={setWeight}
              handleHtmlProps={{ 'aria-label': 'Weight' }}
            />
          </FormGroup>
          <div className="allot-form-row">
            <FormGroup label="Term" labelFor="preference-term" helperText="Any term when empty.">
              <HTMLSelect
                id="preference-term"
                value={AcademicTermId}
                onChange={(e) => setTermId(e.currentTarget.value)}
                options={[
                  { value: '', label: 'Any term' },
                  ...choices.academicTerms.map((t) => ({ value: t.id, label: t.name })),
                ]}
              />
            </FormGroup>
            <FormGroup
              label="Teaching mode"
              labelFor="preference-mode"
              helperText="Any mode when empty."
            >
              <HTMLSelect
                id="preference-mode"
                value={TeachingModeId}
                onChange={(e) => setModeId(e.currentTarget.value)}
                options={[
                  { value: '', label: 'Any mode' },
                  ...choices.teachingModes.map((m) => ({ value: m.id, label: m.name })),
                ]}
              />
            </FormGroup>
          </div>
          <FormGroup label="Notes" labelFor="preference-notes">
            <TextArea
              id="preference-notes"
              fill
              value={notes}
              maxLength={2000}
              onChange={(e) => setNotes(e.currentTarget.value)}
            />
          </FormGroup>
        </DialogBody>
        <SubmitFooter
          onCancel={onClose}
          submitText={editing ? 'Save' : 'Add'}
          busy={adding.isLoading || updating.isLoading}
        />
      </form>
    </Dialog>
  );
}

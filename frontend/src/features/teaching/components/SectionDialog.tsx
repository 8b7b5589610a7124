import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import type { courseOfferings, courses, ResourceRecordOf } from '@allot/shared-events/browser';
import { useListResourceQuery } from '../../../lib/api/resourceApi.js';
import type { ServerProblem } from '../../../lib/errors/serverErrors.js';
import type { SectionBody, SectionRow, TermMode } from '../../../lib/domain/sectionTypes.js';
import { termModeLabel, type TeachingChoices } from '../../../lib/hooks/useTeachingChoices.js';
import '../teaching.css';
import '../../../components/layout/forms.css';
import { SubmitFooter } from '../../../components/layout/SubmitFooter.js';

export interface SectionDialogProps {
  /** Null: a new section. */
  section: SectionRow | null;
  choices: TeachingChoices;
  /** The period the list shows; a new section's offering is picked in it. */
  periodId: string | null;
  onSubmit: (body: SectionBody) => Promise<ServerProblem | null>;
  onReload: () => void;
  onClose: () => void;
}

interface Form {
  periodId: string;
  CourseOfferingId: string;
  WorkgroupId: string;
  sectionNumber: string;
  name: string;
  termMode: string;
  enrollment: string;
  defaultPoints: string;
  points: string;
  notes: string;
  allowOverlap: boolean;
}

const termModeKey = (t: TermMode | null) => (t ? `${t.AcademicTermId}|${t.TeachingModeId}` : '');
const termModeOf = (key: string): TermMode | null => {
  const [AcademicTermId, TeachingModeId] = key.split('|');
  return AcademicTermId && TeachingModeId ? { AcademicTermId, TeachingModeId } : null;
};
const numberText = (n: number | null | undefined) =>
  n === null || n === undefined ? '' : String(n);

function formOf(section: SectionRow | null, periodId: string | null): Form {
  return {
    periodId: section?.AcademicPeriodId ?? periodId ?? '',
    CourseOfferingId: section?.CourseOfferingId ?? '',
    WorkgroupId: section?.WorkgroupId ?? '',
    sectionNumber: section?.sectionNumber ?? '',
    name: section?.name ?? '',
    termMode: termModeKey(section?.TermMode ?? null),
    enrollment: numberText(section?.enrollment),
    defaultPoints: numberText(section?.defaultPoints),
    points: numberText(section?.points),
    notes: section?.notes ?? '',
    allowOverlap: section?.allowOverlap ?? false,
  };
}

type Errors = Partial<Record<keyof Form | '', string>>;

/** A number field's value: null when empty, NaN when not a number. */
function parseNumber(text: string, integer: boolean): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) && (!integer || Number.isInteger(n)) && n >= 0 ? n : Number.NaN;
}

/** The body, or the first problems found before asking the server. */
export function sectionBodyOf(form: Form): { body: SectionBody; errors: Errors } {
  const errors: Errors = {};
  if (!form.CourseOfferingId) errors.CourseOfferingId = 'Pick the course offering.';
  if (!form.WorkgroupId) errors.WorkgroupId = 'Pick the workgroup.';
  if (!form.sectionNumber.trim()) errors.sectionNumber = 'Section number is required.';
  else if (form.sectionNumber.trim().length > 20) errors.sectionNumber = 'At most 20 characters.';
  if (!form.name.trim()) errors.name = 'Name is required.';
  const enrollment = parseNumber(form.enrollment, true);
  const defaultPoints = parseNumber(form.defaultPoints, false);
  const points = parseNumber(form.points, false);
  if (Number.isNaN(enrollment)) errors.enrollment = 'A whole number, 0 or more.';
  if (Number.isNaN(defaultPoints)) errors.defaultPoints = 'A number, 0 or more.';
  if (Number.isNaN(points)) errors.points = 'A number, 0 or more.';
  return {
    errors,
    body: {
      CourseOfferingId: form.CourseOfferingId,
      WorkgroupId: form.WorkgroupId,
      sectionNumber: form.sectionNumber.trim(),
      name: form.name.trim(),
      TermMode: termModeOf(form.termMode),
      enrollment,
      defaultPoints,
      points,
      notes: form.notes.trim() === '' ? null : form.notes.trim(),
      allowOverlap: form.allowOverlap,
    },
  };
}

/** Only what changed, for an update. */
function changedOnly(body: SectionBody, section: SectionRow): SectionBody {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const before = (section as unknown as Record<string, unknown>)[key] ?? null;
    if (JSON.stringify(before) !== JSON.stringify(value ?? null)) changed[key] = value;
  }
  return changed;
}

/** Both lists are asked for whole records (no `select`), so each row is the kind's record. */
type CourseRow = ResourceRecordOf<typeof courses>;
type OfferingRow = ResourceRecordOf<typeof courseOfferings>;

/** Create or edit a section: its offering (in a period), workgroup, number, name and fields. */
export function SectionDialog(props: SectionDialogProps) {
  const { section, choices } = props;
  const [form, setForm] = useState<Form>(() => formOf(section, props.periodId));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const offerings = useListResourceQuery(
    form.periodId
      ? {
          path: 'courseOfferings',
          params: {
            take: 1000,
            skip: 0,
            filter: JSON.stringify({ AcademicPeriodId: form.periodId }),
          },
        }
      : skipToken,
  );
  const courses = useListResourceQuery({
    path: 'courses',
    params: { take: 1000, skip: 0, sort: JSON.stringify([['courseNumber', 'ASC']]) },
  });
  const courseById = useMemo(
    () => new Map((courses.data?.rows ?? []).map((c) => [c.id, c as CourseRow])),
    [courses.data],
  );
  const offeringOptions = useMemo(() => {
    const rows = (offerings.data?.rows ?? []) as OfferingRow[];
    return rows
      .map((o) => {
        const course = courseById.get(o.CourseId);
        const label = course ? `${course.courseNumber} — ${course.name}` : o.CourseId;
        return { value: o.id, label, course, row: o };
      })
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [offerings.data, courseById]);
  const picked = offeringOptions.find((o) => o.value === form.CourseOfferingId);
  const termModes: TermMode[] = picked?.row.termModes
    ? picked.row.termModes
    : section?.TermMode
      ? [section.TermMode]
      : [];

  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  function pickOffering(id: string) {
    const option = offeringOptions.find((o) => o.value === id);
    setForm((f) => ({
      ...f,
      CourseOfferingId: id,
      termMode: '',
      // A new section starts from its course: its name, workgroup and credit hours.
      ...(section || !option?.course
        ? {}
        : {
            name: f.name || option.course.name,
            WorkgroupId: f.WorkgroupId || (option.course.WorkgroupId ?? ''),
            defaultPoints:
              f.defaultPoints ||
              (option.course.sectionCreditHours == null
                ? ''
                : String(option.course.sectionCreditHours)),
          }),
    }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const { body, errors: found } = sectionBodyOf(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const failed = await props.onSubmit(section ? changedOnly(body, section) : body);
    setSaving(false);
    if (failed) {
      setProblem(failed);
      setErrors(failed.fieldErrors);
    }
  }

  const field = (key: keyof Form, label: string, input: ReactNode, required = false) => (
    <FormGroup
      label={label}
      labelFor={`section-${key}`}
      labelInfo={required ? '(required)' : undefined}
      intent={errors[key] ? Intent.DANGER : Intent.NONE}
      helperText={errors[key]}
    >
      {input}
    </FormGroup>
  );
  const text = (
    key: 'sectionNumber' | 'name' | 'enrollment' | 'defaultPoints' | 'points',
    inputMode?: 'numeric' | 'decimal',
  ) => (
    <InputGroup
      id={`section-${key}`}
      value={form[key]}
      inputMode={inputMode}
      intent={errors[key] ? Intent.DANGER : Intent.NONE}
      onValueChange={(v) => set(key, v)}
      disabled={saving}
    />
  );

  return (
    <Dialog
      isOpen
      title={
        section
          ? `Edit section ${section.courseNumber ?? ''} ${section.sectionNumber}`
          : 'New section'
      }
      onClose={props.onClose}
      canOutsideClickClose={!saving}
      style={{ width: 640 }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogBody>
          {problem && (
            <Callout
              intent={problem.stale ? Intent.WARNING : Intent.DANGER}
              role="alert"
              title={problem.stale ? 'Changed by someone else' : 'Not saved'}
              className="allot-form-callout"
            >
              {problem.message}
              {problem.stale && (
                <div>
                  <Button
                    variant="outlined"
                    icon="refresh"
                    text="Reload"
                    onClick={props.onReload}
                  />
                </div>
              )}
            </Callout>
          )}
          <div className="allot-section-form-grid">
            {field(
              'periodId',
              'Academic period',
              <HTMLSelect
                id="section-periodId"
                fill
                value={form.periodId}
                disabled={saving || section !== null}
                onChange={(e) => {
                  // Read now: React clears currentTarget before a queued updater runs.
                  const periodId = e.currentTarget.value;
                  setForm((f) => ({ ...f, periodId, CourseOfferingId: '' }));
                }}
              >
                <option value="">Pick a period…</option>
                {choices.periods.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </HTMLSelect>,
            )}
            {field(
              'CourseOfferingId',
              'Course offering',
              <HTMLSelect
                id="section-CourseOfferingId"
                fill
                value={form.CourseOfferingId}
                disabled={saving || !form.periodId}
                onChange={(e) => pickOffering(e.currentTarget.value)}
              >
                <option value="">
                  {offerings.isFetching ? 'Loading offerings…' : 'Pick a course offering…'}
                </option>
                {section && !picked && (
                  <option value={section.CourseOfferingId}>
                    {section.courseNumber ?? section.CourseOfferingId} — {section.courseName ?? ''}
                  </option>
                )}
                {offeringOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </HTMLSelect>,
              true,
            )}
            {field(
              'WorkgroupId',
              'Workgroup',
              <HTMLSelect
                id="section-WorkgroupId"
                fill
                value={form.WorkgroupId}
                disabled={saving}
                onChange={(e) => set('WorkgroupId', e.currentTarget.value)}
              >
                <option value="">Pick a workgroup…</option>
                {(choices.workgroups ?? []).map((w) => (
                  <option key={w.value} value={w.value}>
                    {w.label}
                  </option>
                ))}
                {form.WorkgroupId &&
                  !choices.workgroups?.some((w) => w.value === form.WorkgroupId) && (
                    <option value={form.WorkgroupId}>{form.WorkgroupId}</option>
                  )}
              </HTMLSelect>,
              true,
            )}
            {field(
              'termMode',
              'Term and teaching mode',
              <HTMLSelect
                id="section-termMode"
                fill
                value={form.termMode}
                disabled={saving || termModes.length === 0}
                onChange={(e) => set('termMode', e.currentTarget.value)}
              >
                <option value="">{termModes.length === 0 ? 'None offered' : 'None'}</option>
                {termModes.map((t) => (
                  <option key={termModeKey(t)} value={termModeKey(t)}>
                    {termModeLabel(t, choices)}
                  </option>
                ))}
              </HTMLSelect>,
            )}
            {field('sectionNumber', 'Section number', text('sectionNumber'), true)}
            {field('name', 'Name', text('name'), true)}
            {field('enrollment', 'Enrollment', text('enrollment', 'numeric'))}
            {field('defaultPoints', 'Default points', text('defaultPoints', 'decimal'))}
            {field('points', 'Points', text('points', 'decimal'))}
          </div>
          {field(
            'notes',
            'Notes',
            <TextArea
              id="section-notes"
              fill
              value={form.notes}
              disabled={saving}
              onChange={(e) => set('notes', e.currentTarget.value)}
            />,
          )}
          <Checkbox
            checked={form.allowOverlap}
            disabled={saving}
            label="Cross-listed: may share instructor and room at the same time"
            onChange={(e) => set('allowOverlap', e.currentTarget.checked)}
          />
        </DialogBody>
        <SubmitFooter onCancel={props.onClose} busy={saving} />
      </form>
    </Dialog>
  );
}

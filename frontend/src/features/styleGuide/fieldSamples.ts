import type { FormValue } from '../../lib/resources/formValues.js';
import type { ResolvedField, Widget } from '../../lib/resources/resourceUi.js';

export const SAMPLE_OPTIONS = [
  { value: 'semester', label: 'Semester' },
  { value: 'quarter', label: 'Quarter' },
  { value: 'summer', label: 'Summer session' },
];

export const SAMPLE_USERS = [
  { value: 'u1', label: 'Ada Admin' },
  { value: 'u2', label: 'Fiona Faculty' },
  { value: 'u3', label: 'Linh Nguyen' },
];

export const SAMPLE_TERM_MODES = {
  periodChosen: true,
  terms: [
    { value: 'fall', label: 'Fall' },
    { value: 'spring', label: 'Spring' },
  ],
  modes: [
    { value: 'inPerson', label: 'In person' },
    { value: 'online', label: 'Online' },
  ],
};

export interface FieldSample {
  field: ResolvedField;
  filled: FormValue;
  invalid: string;
}

function field(name: string, label: string, widget: Widget, extra: Partial<ResolvedField> = {}) {
  return { name, label, widget, required: false, listType: null, ...extra } satisfies ResolvedField;
}

/** One sample per widget of the resource machinery, with a filled value and an error. */
export const FIELD_SAMPLES: readonly FieldSample[] = [
  {
    field: field('name', 'Name', 'text', { required: true }),
    filled: 'Semester',
    invalid: 'Another academic term type already has this name.',
  },
  {
    field: field('description', 'Description', 'textarea', { help: 'What it is for.' }),
    filled: 'Fall and spring terms of about fifteen weeks.',
    invalid: 'Use at most 2000 characters.',
  },
  { field: field('capacity', 'Capacity', 'number'), filled: '120', invalid: 'Enter a number.' },
  {
    field: field('isActive', 'Active', 'checkbox'),
    filled: true,
    invalid: 'This value is not valid.',
  },
  {
    field: field('startDate', 'Start Date', 'date'),
    filled: '2026-08-15',
    invalid: 'Enter a date.',
  },
  {
    field: field('primaryColor', 'Primary Colour', 'color'),
    filled: '#0736a4',
    invalid: 'Use a colour like #1f4b99.',
  },
  {
    field: field('kind', 'Kind', 'select', { options: SAMPLE_OPTIONS }),
    filled: 'quarter',
    invalid: 'Choose a kind.',
  },
  {
    field: field('AcademicTermTypeId', 'Term Type', 'reference', {
      reference: 'academicTermTypes',
    }),
    filled: 'semester',
    invalid: 'Another record must exist.',
  },
  {
    field: field('Roles', 'Roles', 'references', { options: SAMPLE_OPTIONS }),
    filled: ['semester', 'summer'],
    invalid: 'Choose at least one.',
  },
  {
    field: field('members', 'Members', 'members', { reference: 'users' }),
    filled: [
      { UserId: 'u2', permission: 1 },
      { UserId: 'u3', permission: 3 },
      { UserId: 'gone', permission: 2 },
    ],
    invalid: 'Each user may be a member once.',
  },
  {
    field: field('termModes', 'Term modes', 'termModes'),
    filled: [
      { AcademicTermId: 'fall', TeachingModeId: 'inPerson' },
      { AcademicTermId: 'spring', TeachingModeId: 'online' },
    ],
    invalid: 'Each term and teaching mode may be listed once.',
  },
  {
    field: field('meta', 'Meta', 'json'),
    filled: '{\n  "source": "import"\n}',
    invalid: 'Enter valid JSON.',
  },
];

export function emptyValue(widget: Widget): FormValue {
  if (widget === 'checkbox') return false;
  if (widget === 'references' || widget === 'members' || widget === 'termModes') return [];
  return '';
}

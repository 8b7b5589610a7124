import '@testing-library/jest-dom';
import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { FieldInput } from './FieldInput.js';
import type { FormValue } from '../../lib/resources/formValues.js';
import type { ResolvedField } from '../../lib/resources/resourceUi.js';

const members: ResolvedField = {
  name: 'members',
  label: 'Members',
  widget: 'members',
  required: false,
  listType: null,
};
const users = [
  { value: 'u1', label: 'Ada Admin' },
  { value: 'u2', label: 'Fiona Faculty' },
];

function Members({ initial, seen }: { initial: FormValue; seen: (v: FormValue) => void }) {
  const [value, setValue] = useState<FormValue>(initial);
  return (
    <FieldInput
      field={members}
      value={value}
      options={users}
      onChange={(v) => {
        setValue(v);
        seen(v);
      }}
    />
  );
}

test('members show approve (1) and assign (2) as checkboxes, and Error!! for a missing user', () => {
  const seen: FormValue[] = [];
  render(
    <Members
      initial={[
        { UserId: 'u1', permission: 3 },
        { UserId: 'gone', permission: 0 },
      ]}
      seen={(v) => seen.push(v)}
    />,
  );
  expect(screen.getByLabelText('Ada Admin may approve')).toBeChecked();
  expect(screen.getByLabelText('Ada Admin may assign')).toBeChecked();
  expect(screen.getByText('Error!!')).toBeInTheDocument();

  fireEvent.click(screen.getByLabelText('Ada Admin may approve'));
  expect(seen.at(-1)).toEqual([
    { UserId: 'u1', permission: 2 },
    { UserId: 'gone', permission: 0 },
  ]);

  // A member is found by typing, as in a university's 250 users; only non-members are offered.
  const add = screen.getByLabelText('Add a member');
  fireEvent.change(add, { target: { value: 'a' } });
  const matches = screen.getByRole('menu', { name: 'Add a member matches' });
  expect(within(matches).queryByText('Ada Admin')).not.toBeInTheDocument();
  fireEvent.click(within(matches).getByText('Fiona Faculty'));
  expect(screen.getByLabelText('Add a member')).toHaveValue('');
  expect(seen.at(-1)).toEqual([
    { UserId: 'u1', permission: 2 },
    { UserId: 'gone', permission: 0 },
    { UserId: 'u2', permission: 0 },
  ]);
});

test('an invalid field shows its sentence and is marked invalid', () => {
  render(
    <FieldInput
      field={{ name: 'name', label: 'Name', widget: 'text', required: true, listType: 'text' }}
      value=""
      error="Name is required."
      onChange={() => undefined}
    />,
  );
  expect(screen.getByLabelText('Name (required)')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByText('Name is required.')).toBeInTheDocument();
});

const termModes: ResolvedField = {
  name: 'termModes',
  label: 'Term modes',
  widget: 'termModes',
  required: false,
  listType: null,
};
const choices = {
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

function TermModes(props: {
  initial: FormValue;
  seen: (v: FormValue) => void;
  periodChosen?: boolean;
}) {
  const [value, setValue] = useState<FormValue>(props.initial);
  return (
    <FieldInput
      field={termModes}
      value={value}
      termModes={{ ...choices, periodChosen: props.periodChosen ?? true }}
      onChange={(v) => {
        setValue(v);
        props.seen(v);
      }}
    />
  );
}

test('term modes are a term × teaching-mode grid of checkboxes; a stray term can be removed', () => {
  const seen: FormValue[] = [];
  render(
    <TermModes
      initial={[
        { AcademicTermId: 'fall', TeachingModeId: 'inPerson' },
        { AcademicTermId: 'old-term', TeachingModeId: 'online' },
      ]}
      seen={(v) => seen.push(v)}
    />,
  );
  const grid = screen.getByRole('group', { name: 'Term modes' });
  expect(within(grid).getByRole('checkbox', { name: 'Fall, In person' })).toBeChecked();
  expect(within(grid).getByRole('checkbox', { name: 'Spring, Online' })).not.toBeChecked();
  fireEvent.click(within(grid).getByRole('checkbox', { name: 'Spring, Online' }));
  expect(seen.at(-1)).toEqual([
    { AcademicTermId: 'fall', TeachingModeId: 'inPerson' },
    { AcademicTermId: 'old-term', TeachingModeId: 'online' },
    { AcademicTermId: 'spring', TeachingModeId: 'online' },
  ]);
  fireEvent.click(within(grid).getByRole('checkbox', { name: 'Fall, In person' }));
  fireEvent.click(
    within(grid).getByRole('button', { name: 'Remove the term of another period, Online' }),
  );
  expect(seen.at(-1)).toEqual([{ AcademicTermId: 'spring', TeachingModeId: 'online' }]);
});

test('term modes ask for the period first', () => {
  render(<TermModes initial={[]} seen={() => undefined} periodChosen={false} />);
  expect(screen.getByText('Choose the academic period first.')).toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
});

test('a reference to users is a search, not a select of every user', () => {
  const seen: FormValue[] = [];
  render(
    <FieldInput
      field={{
        name: 'UserId',
        label: 'Instructor',
        widget: 'reference',
        reference: 'users',
        required: true,
        listType: 'text',
      }}
      value=""
      options={users}
      onChange={(v) => seen.push(v)}
    />,
  );
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Instructor (required)'), { target: { value: 'fio' } });
  fireEvent.click(screen.getByText('Fiona Faculty'));
  expect(seen).toEqual(['u2']);
});

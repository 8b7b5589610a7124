import type { WorkgroupApprovalsAnswer } from '@allot/shared-events/browser';
import { stepBreakdown } from './stepBreakdown.js';

const cell = (status: 'pending' | 'submitted' | 'approved' | 'returned') => ({
  status,
  updatedAt: null,
});

const answer: WorkgroupApprovalsAnswer = {
  AcademicPeriodId: 'p-1',
  steps: [
    { id: 's-2', stepId: 2, name: 'Sections', isActive: true },
    { id: 's-1', stepId: 1, name: 'Offerings', isActive: true },
    { id: 's-3', stepId: 3, name: 'Assignments', isActive: true },
    { id: 's-9', stepId: 9, name: 'Retired step', isActive: false },
  ],
  rows: [
    {
      WorkgroupId: 'w-1',
      name: 'Biology',
      steps: { 's-1': cell('approved'), 's-2': cell('submitted') },
    },
    {
      WorkgroupId: 'w-2',
      name: 'Chemistry',
      steps: { 's-1': cell('approved'), 's-2': cell('returned') },
    },
    { WorkgroupId: 'w-3', name: 'Physics', steps: { 's-1': cell('submitted') } },
  ],
};

test('counts each active step’s workgroups by status, in step order, nothing recorded as pending', () => {
  const { lines, workgroups, current } = stepBreakdown(answer);
  expect(workgroups).toBe(3);
  expect(lines.map((l) => [l.name, l.counts, l.count])).toEqual([
    ['1. Offerings', { approved: 2, submitted: 1, returned: 0, pending: 0 }, 3],
    ['2. Sections', { approved: 0, submitted: 1, returned: 1, pending: 1 }, 3],
    ['3. Assignments', { approved: 0, submitted: 0, returned: 0, pending: 3 }, 3],
  ]);
  // The last step any workgroup has moved at.
  expect(current?.name).toBe('2. Sections');
});

test('no step moved yet: no current step', () => {
  expect(
    stepBreakdown({ ...answer, rows: [{ WorkgroupId: 'w', name: 'W', steps: {} }] }).current,
  ).toBeNull();
});

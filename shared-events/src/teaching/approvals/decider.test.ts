import { describe, expect, test } from '@jest/globals';
import { DeciderSpecification } from '../../testing/deciderSpecification.js';
import { TeachingCommandRefused } from '../refusal.js';
import type { ApprovalCommand, ApprovalContext, ProgressActionKind } from './commands.js';
import { approvalDecider } from './decider.js';
import { approvalEventSchemas, type ApprovalEvent, type ApprovalStatus } from './events.js';

const step = { AcademicPeriodId: 'p', stepId: 6, isActive: true, name: 'Department review' };
const context: ApprovalContext = { actionId: 'x', step };
const act = (
  action: ProgressActionKind,
  extra: Partial<ApprovalCommand> = {},
): ApprovalCommand => ({
  type: 'RecordProgressAction',
  data: { WorkgroupId: 'wg', ProgressStepId: 's6', action },
  context,
  ...extra,
});

const spec = DeciderSpecification.for(approvalDecider, {
  validate: (event) => approvalEventSchemas[event.type].parse(event.data),
});

const recorded = (
  action: ProgressActionKind,
  from: ApprovalStatus,
  status: ApprovalStatus,
  comment: string | null = null,
): ApprovalEvent => ({
  type: 'ProgressActionRecorded',
  data: {
    id: 'x',
    WorkgroupId: 'wg',
    ProgressStepId: 's6',
    AcademicPeriodId: 'p',
    stepId: 6,
    action,
    from,
    status,
    comment,
  },
});

/** The history of the actions, one after another. */
function history(actions: ProgressActionKind[]): ApprovalEvent[] {
  const events: ApprovalEvent[] = [];
  for (const action of actions) {
    const { state } = spec.given(events);
    events.push(...approvalDecider.decide(act(action), state));
  }
  return events;
}

describe('workgroup approval per step', () => {
  test('pending → submitted → returned → submitted → approved', () => {
    spec
      .given([])
      .when(act('submit'))
      .thenState((s) => expect(s.status).toBe('submitted'));
    spec
      .given(history(['submit']))
      .when(act('return'))
      .thenState((s) => expect(s.status).toBe('returned'));
    spec
      .given(history(['submit', 'return', 'submit']))
      .when(act('approve'))
      .thenState((s) => expect(s.status).toBe('approved'));
  });

  test('records the action, where it came from and the period', () => {
    spec
      .given([])
      .when(
        act('submit', {
          data: { WorkgroupId: 'wg', ProgressStepId: 's6', action: 'submit', comment: 'ready' },
        }),
      )
      .then([recorded('submit', 'pending', 'submitted', 'ready')]);
    spec
      .given([recorded('submit', 'pending', 'submitted')])
      .when(act('return'))
      .then([recorded('return', 'submitted', 'returned')]);
  });

  test.each<[ProgressActionKind[], ProgressActionKind]>([
    [[], 'approve'],
    [[], 'return'],
    [['submit'], 'submit'],
    [['submit', 'approve'], 'submit'],
    [['submit', 'approve'], 'return'],
  ])('after %j, %s is refused', (before, action) => {
    spec.given(history(before)).when(act(action)).thenThrows(TeachingCommandRefused);
  });

  test('an inactive step refuses every action', () => {
    spec
      .given([])
      .when(act('submit', { context: { ...context, step: { ...step, isActive: false } } }))
      .thenThrows(TeachingCommandRefused, /is not active/);
  });
});

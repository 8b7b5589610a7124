import { describe, expect, test } from '@jest/globals';
import { TeachingCommandRefused } from '../refusal.js';
import {
  decideApproval,
  evolveApproval,
  initialApprovalState,
  type ApprovalContext,
  type ProgressActionKind,
} from './approvals.js';

const step = { AcademicPeriodId: 'p', stepId: 6, isActive: true, name: 'Department review' };
const context: ApprovalContext = { actionId: 'x', step };
const act = (action: ProgressActionKind) => ({ WorkgroupId: 'wg', ProgressStepId: 's6', action });

function run(actions: ProgressActionKind[]) {
  return actions.reduce(
    (state, action) => decideApproval(act(action), state, context).reduce(evolveApproval, state),
    initialApprovalState,
  );
}

describe('workgroup approval per step', () => {
  test('pending → submitted → returned → submitted → approved', () => {
    expect(run(['submit']).status).toBe('submitted');
    expect(run(['submit', 'return']).status).toBe('returned');
    expect(run(['submit', 'return', 'submit', 'approve']).status).toBe('approved');
  });

  test('records the action, where it came from and the period', () => {
    const [event] = decideApproval(
      { ...act('submit'), comment: 'ready' },
      initialApprovalState,
      context,
    );
    expect(event?.data).toEqual({
      id: 'x',
      WorkgroupId: 'wg',
      ProgressStepId: 's6',
      AcademicPeriodId: 'p',
      stepId: 6,
      action: 'submit',
      from: 'pending',
      status: 'submitted',
      comment: 'ready',
    });
  });

  test.each<[ProgressActionKind[], ProgressActionKind]>([
    [[], 'approve'],
    [[], 'return'],
    [['submit'], 'submit'],
    [['submit', 'approve'], 'submit'],
    [['submit', 'approve'], 'return'],
  ])('after %j, %s is refused', (before, action) => {
    expect(() => decideApproval(act(action), run(before), context)).toThrow(TeachingCommandRefused);
  });

  test('an inactive step refuses every action', () => {
    expect(() =>
      decideApproval(act('submit'), initialApprovalState, {
        ...context,
        step: { ...step, isActive: false },
      }),
    ).toThrow(/is not active/);
  });
});

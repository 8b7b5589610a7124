import {
  APPROVAL_STATUSES,
  ASSIGNMENT_STATUSES,
  coverageOf,
  FREQUENCIES,
  PREFERENCE_LEVELS,
  SUBMISSION_STATUSES,
  WEEKDAYS,
} from '../teaching/index.js';
import { PREFERENCE_STATUS_VALUES } from './dashboard.js';
import { PREFERENCE_LEVEL_VALUES } from './preferences.js';
import {
  ASSIGNMENT_STATUS_VALUES,
  COVERAGE_STATUS_VALUES,
  MeetingAnswer,
  WEEKDAY_VALUES,
} from './common.js';
import { APPROVAL_STATUS_VALUES } from './approvals.js';

// The browser entry cannot reach the domain's modules (they load rrule), so the answers name
// their values again: these tests keep the two lists one.
describe('the read API schemas', () => {
  it('name the domain’s weekdays, frequencies and statuses', () => {
    expect(WEEKDAY_VALUES).toEqual(WEEKDAYS);
    expect(MeetingAnswer.shape.frequency.options).toEqual(FREQUENCIES);
    expect(ASSIGNMENT_STATUS_VALUES).toEqual(ASSIGNMENT_STATUSES);
    expect(APPROVAL_STATUS_VALUES).toEqual(APPROVAL_STATUSES);
    expect(PREFERENCE_LEVEL_VALUES).toEqual(PREFERENCE_LEVELS);
    expect(PREFERENCE_STATUS_VALUES).toEqual(SUBMISSION_STATUSES);
  });

  it('name every coverage status the domain computes', () => {
    const statuses = [
      coverageOf(3, []),
      coverageOf(3, [{ id: 'a', share: 50 }]),
      coverageOf(3, [{ id: 'a', share: null }]),
      coverageOf(3, [
        { id: 'a', share: 80 },
        { id: 'b', share: 80 },
      ]),
    ].map((c) => c.status);
    expect(new Set(statuses)).toEqual(new Set(COVERAGE_STATUS_VALUES));
  });
});

import { problemOf, STALE_MESSAGE } from './serverErrors.js';

describe('problemOf', () => {
  it('puts a 400’s field sentences on their fields', () => {
    const problem = problemOf({
      status: 400,
      data: {
        message: 'The request is not valid.',
        fields: [
          { field: 'slug', message: 'too long' },
          { field: 'members.0.UserId', message: 'required' },
        ],
      },
    });
    expect(problem.message).toBe('The request is not valid.');
    expect(problem.fieldErrors).toEqual({ slug: 'too long', members: 'required' });
  });

  it('says a 409 means someone else changed the record', () => {
    const problem = problemOf({ status: 409, data: { message: 'Conflict' } });
    expect(problem).toMatchObject({ stale: true, message: STALE_MESSAGE });
  });

  it('keeps the in-use answer of a delete', () => {
    const problem = problemOf({
      status: 422,
      data: {
        message: 'Used by 2 courses. Deactivate it instead.',
        usedBy: [{ resource: 'courses', count: 2 }],
      },
    });
    expect(problem.usedBy).toEqual([{ resource: 'courses', count: 2 }]);
    expect(problem.message).toBe('Used by 2 courses. Deactivate it instead.');
  });

  it('explains network failures', () => {
    expect(problemOf({ status: 'FETCH_ERROR', error: 'TypeError' }).message).toMatch(
      /could not be reached/,
    );
  });
});

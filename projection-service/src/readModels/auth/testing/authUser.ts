import type { AuthUser } from '../authFacts.js';

/** An active user as the auth facts answer them, for tests: `<id> Person`, no working period. */
export function authUser(
  id: string,
  roles: AuthUser['roles'],
  extra: Partial<AuthUser> = {},
): AuthUser {
  return {
    id,
    displayName: `${id} Person`,
    firstName: id,
    lastName: 'Person',
    email: `${id}@example.edu`,
    username: id,
    roles,
    isActive: true,
    workingAcademicPeriodId: null,
    ...extra,
  };
}

import { DEMO_ACCOUNTS } from '@allot/command-service';
import { createOnce } from './demoCreate.js';
import { deterministicId } from '@allot/shared-events';
import type { SeedStep } from './seedStep.js';

const STEP_NAME = 'demo-users';

/** The seed id of a demo account's user, by its username; other steps refer to users by it. */
export function demoUserId(username: string): string {
  return deterministicId(`${STEP_NAME}/user/${username}`);
}

/**
 * One user per demo sign-in account (same username and e-mail, so demo sign-in finds them), each
 * with the account's role; the faculty accounts are faculty members.
 */
export const demoUsersStep: SeedStep = {
  name: STEP_NAME,
  async run(ctx) {
    for (const account of DEMO_ACCOUNTS) {
      await createOnce(ctx, 'CreateUser', {
        id: demoUserId(account.username),
        firstName: account.givenName,
        lastName: account.familyName,
        email: account.email,
        username: account.username,
        Roles: [{ slug: account.role }],
        isActive: true,
        isFaculty: account.role === 'faculty',
      });
    }
  },
};

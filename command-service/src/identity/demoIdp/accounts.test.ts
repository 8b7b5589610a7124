import { ROLE_SLUGS } from '@allot/shared-events';
import { DEMO_ACCOUNTS } from './accounts.js';
import { checkDemoCredentials } from './demoIdpPlugin.js';

const accounts = new Map(DEMO_ACCOUNTS.map((a) => [a.username.toLowerCase(), a]));

describe('demo accounts', () => {
  it('has one account per role slug, named like it, and faculty members, all with password demo', () => {
    for (const role of ROLE_SLUGS) {
      expect(accounts.get(role.toLowerCase())).toMatchObject({
        username: role,
        role,
        password: 'demo',
      });
    }
    const faculty = DEMO_ACCOUNTS.filter((a) => a.role === 'faculty' && a.username !== 'faculty');
    expect(faculty.length).toBeGreaterThanOrEqual(5);
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.email)).size).toBe(DEMO_ACCOUNTS.length);
  });

  it('checks credentials: username in any case, exact password', () => {
    expect(checkDemoCredentials(accounts, 'AcademicOpsAdmin', 'demo')?.username).toBe(
      'academicOpsAdmin',
    );
    expect(checkDemoCredentials(accounts, 'admin', 'Demo')).toBeNull();
    expect(checkDemoCredentials(accounts, 'nobody', 'demo')).toBeNull();
    expect(checkDemoCredentials(accounts, undefined, 'demo')).toBeNull();
  });
});

import { ROLE_SLUGS, type RoleSlug } from '@allot/shared-events';

export interface DemoAccount {
  /** Sign-in name; also the OIDC subject and preferred_username. */
  username: string;
  password: string;
  email: string;
  givenName: string;
  familyName: string;
  /** The role the demo data gives this account (faculty members are all `faculty`). */
  role: RoleSlug;
}

export const DEMO_PASSWORD = 'demo';

const ROLE_NAMES: Record<RoleSlug, [string, string]> = {
  admin: ['Ada', 'Admin'],
  academicOpsAdmin: ['Oscar', 'Operations'],
  academicAffairsApprover: ['Amara', 'Approver'],
  businessOfficeAdmin: ['Bianca', 'Business'],
  financialReportingUser: ['Felix', 'Finance'],
  reportingUser: ['Rita', 'Reporting'],
  sectionScheduler: ['Sam', 'Scheduler'],
  effortManager: ['Elena', 'Effort'],
  effortContributor: ['Carl', 'Contributor'],
  faculty: ['Fiona', 'Faculty'],
};

const FACULTY_MEMBERS: readonly [string, string, string][] = [
  ['mgarcia', 'Maria', 'Garcia'],
  ['jchen', 'James', 'Chen'],
  ['aokafor', 'Adaeze', 'Okafor'],
  ['lnguyen', 'Linh', 'Nguyen'],
  ['rmueller', 'Rainer', 'Müller'],
  ['spatel', 'Sunita', 'Patel'],
];

/** One account per role slug (username = slug) plus faculty members; every password is `demo`. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  ...ROLE_SLUGS.map((role) => {
    const [givenName, familyName] = ROLE_NAMES[role];
    return {
      username: role,
      password: DEMO_PASSWORD,
      email: `${role}@demo.allot.test`,
      givenName,
      familyName,
      role,
    };
  }),
  ...FACULTY_MEMBERS.map(([username, givenName, familyName]) => ({
    username,
    password: DEMO_PASSWORD,
    email: `${username}@demo.allot.test`,
    givenName,
    familyName,
    role: 'faculty' as const,
  })),
];

import { allResources } from '@allot/shared-events';

/** One area of the API: an OpenAPI tag, a section of the reference page. */
export interface ApiArea {
  name: string;
  description: string;
  /** The paths it holds: a route is in the area of its longest matching prefix. */
  prefixes: readonly string[];
}

/** Where a route no area names lands; openApiDocument.int.test.ts wants it empty. */
export const OTHER_AREA = 'Other';

/**
 * The areas, in the page's order. A resource kind's list API (`/api/<kind>`) is a configuration
 * list unless an area names its path: new kinds find their place without an entry here.
 */
const NAMED_AREAS: readonly ApiArea[] = [
  {
    name: 'Sign-in & session',
    description:
      'Who is signed in, signing in and out, acting as another user, the working period.',
    prefixes: [
      '/api/auth',
      '/api/auth0',
      '/api/app-info',
      '/api/users/current',
      '/api/users/masquerade',
      '/api/users/:id/working',
    ],
  },
  {
    name: 'Users',
    description: 'People, their profiles and notes, and merging duplicates.',
    prefixes: ['/api/users', '/api/collection/users', '/api/notes'],
  },
  {
    name: 'API keys',
    description: 'Keys that act as a user from a script: `Authorization: Bearer <key>`.',
    prefixes: ['/api/apiKeys'],
  },
  {
    name: 'Settings',
    description: 'The institution’s settings and logo, feature flags, a person’s own settings.',
    prefixes: [
      '/api/settings',
      '/api/settingTypes',
      '/api/logo.png',
      '/api/userSettings',
      '/api/taxonomies',
    ],
  },
  {
    name: 'Academic periods',
    description: 'Academic periods and their terms, and which period is active.',
    prefixes: ['/api/academicPeriods', '/api/academicTerms'],
  },
  {
    name: 'Configuration lists',
    description:
      'The lists an administrator keeps (ranks, divisions, locations, workgroups, progress ' +
      'steps…): each answers the same list API.',
    prefixes: [],
  },
  {
    name: 'Courses & offerings',
    description: 'The course catalog and the courses offered in a period.',
    prefixes: ['/api/courses', '/api/courseOfferings', '/api/courseOfferingOverview'],
  },
  {
    name: 'Sections & assignments',
    description: 'Sections, their meetings, and the instructors assigned to teach them.',
    prefixes: ['/api/sections', '/api/sectionAssignments', '/api/sectionInstructors'],
  },
  {
    name: 'Schedule',
    description: 'Meetings on the calendar: everyone’s, by location, one’s own.',
    prefixes: ['/api/schedule', '/api/sharedTeaching'],
  },
  {
    name: 'Approvals',
    description: 'Workgroups’ progress through the approval steps.',
    prefixes: [
      '/api/progressSteps/:ProgressStepId/workgroups',
      '/api/progressActions',
      '/api/workgroupApprovals',
    ],
  },
  {
    name: 'Preferences',
    description: 'Faculty teaching preferences, their submission, and how assignments meet them.',
    prefixes: [
      '/api/teachingPreferences',
      '/api/preferenceSubmissions',
      '/api/preferenceAlignment',
    ],
  },
  {
    name: 'Workload',
    description: 'Instructors’ workload, administrative assignments, the dashboard.',
    prefixes: ['/api/instructorWorkloads', '/api/administrativeAssignments', '/api/dashboard'],
  },
  {
    name: 'Reports',
    description:
      'Reports over the plan, saved reports and snapshots, exports to files, data services, a teaching record.',
    prefixes: [
      '/api/reports',
      '/api/reportSnapshots',
      '/api/reportExports',
      '/api/dataServices',
      '/api/imports',
      '/api/importSpecs',
      '/api/instructors/:UserId/teachingRecord',
    ],
  },
  {
    name: 'History',
    description: 'Who changed what, and when: each record’s history, and the feed of every change.',
    prefixes: ['/api/history', '/api/changes'],
  },
  {
    name: 'Effort',
    description:
      'Effort management (aemEnabled): pay periods, effort categories and types, cost centres, classification rules and their tester, positions, and payroll effort imports with their lines.',
    prefixes: [
      '/api/effortPayPeriods',
      '/api/effortCategories',
      '/api/effortTypes',
      '/api/costCenterDescriptions',
      '/api/effortRules',
      '/api/effortClassification',
      '/api/effortPositions',
      '/api/effort',
    ],
  },
  {
    name: 'Cloning',
    description: 'Copying a period’s offerings, sections, assignments and duties into another.',
    prefixes: ['/api/cloning'],
  },
  {
    name: 'E-mail to instructors',
    description:
      'Email Instructors: recipients by filters, saved and versioned templates with merge fields, a preview per recipient, sends with each message’s status and retry of the failed, and the mail the embedded catcher kept.',
    prefixes: ['/api/email', '/api/emailTemplates'],
  },
  {
    name: 'Instructor costs',
    description:
      'The Instructor Cost Matrix (financial reporting users): rates per instructor type, rank and period or per instructor, costs set by hand and placeholders on sections, and what each period’s teaching costs per workgroup.',
    prefixes: ['/api/instructorRates', '/api/instructorCosts', '/api/costs'],
  },
  {
    name: 'Notifications',
    description:
      'Your own notifications (a change to your teaching, a saved import of yours that failed), marking them read, and which you want.',
    prefixes: ['/api/notifications'],
  },
  {
    name: 'Calendar feed',
    description:
      'Your teaching as an iCalendar feed for your calendar app: its private address, made, reset or turned off, and the feed itself.',
    prefixes: ['/api/calendarFeed'],
  },
  {
    name: 'About the API',
    description: 'Health, version, and this description.',
    prefixes: ['/api/health', '/api/status', '/api/openapi.json', '/api/reference'],
  },
];

const CONFIGURATION = 'Configuration lists';

/** The areas, with every resource kind no area names in the configuration lists. */
export function apiAreas(): ApiArea[] {
  const named = new Set(NAMED_AREAS.flatMap((area) => area.prefixes));
  const lists = allResources.map((r) => `/api/${r.path}`).filter((p) => !named.has(p));
  return NAMED_AREAS.map((area) =>
    area.name === CONFIGURATION ? { ...area, prefixes: [...area.prefixes, ...lists] } : area,
  );
}

const under = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/** The area of a route's URL (as registered, `:param`): its longest matching prefix's. */
export function areaOf(url: string, areas: readonly ApiArea[]): string {
  let best: { name: string; length: number } | null = null;
  for (const area of areas) {
    for (const prefix of area.prefixes) {
      if (under(url, prefix) && prefix.length > (best?.length ?? -1)) {
        best = { name: area.name, length: prefix.length };
      }
    }
  }
  return best?.name ?? OTHER_AREA;
}

import {
  administrativeAssignmentTypes,
  assignmentTypes,
  campuses,
  cohorts,
  divisions,
  instructorTypes,
  locations,
  majors,
  pointTypes,
  programs,
  ranks,
  specialties,
  teachingModes,
  tracks,
  type ResourceDefinition,
} from '@allot/shared-events';
import { createOnce } from './demoCreate.js';
import { demoUserId } from './demoUsers.js';
import { deterministicId } from '@allot/shared-events';
import type { SeedContext, SeedStep } from './seedStep.js';

const STEP_NAME = 'demo-configuration';

/** The seed id of a configuration record, by its kind and slug or code (other steps use it). */
export function demoConfigurationId(resource: ResourceDefinition, key: string): string {
  return deterministicId(`${STEP_NAME}/${resource.name}/${key}`);
}

type Row = readonly [key: string, name: string, description?: string];

/** The administrative assignment types (demo-administrative-assignments uses each). */
export const DEMO_ADMINISTRATIVE_ASSIGNMENT_TYPES: readonly Row[] = [
  ['department-chair', 'Department Chair', 'Leads a department; course release'],
  ['program-director', 'Program Director'],
  ['committee-service', 'Committee Service'],
  ['advising', 'Advising'],
  ['sabbatical', 'Sabbatical', 'A term of research away from teaching'],
  ['leave', 'Leave', 'Parental, medical or personal leave from teaching'],
];

/** Lists keyed by slug (administrative assignment types, ranks, …): name, slug, description. */
const SLUGGED: readonly [ResourceDefinition, readonly Row[]][] = [
  [administrativeAssignmentTypes, DEMO_ADMINISTRATIVE_ASSIGNMENT_TYPES],
  [
    assignmentTypes,
    [
      ['primary', 'Primary Instructor', 'Responsible for the section'],
      ['co-instructor', 'Co-Instructor', 'Shares a section with the primary instructor'],
      ['lab', 'Lab Instructor'],
      ['teaching-assistant', 'Teaching Assistant'],
    ],
  ],
  [
    instructorTypes,
    [
      ['tenure-line', 'Tenure-Line Faculty'],
      ['lecturer', 'Lecturer'],
      ['adjunct', 'Adjunct Faculty', 'Hired per course'],
      ['graduate-student', 'Graduate Student Instructor'],
    ],
  ],
  [
    pointTypes,
    [
      ['teaching', 'Teaching', 'Points earned by teaching sections'],
      ['administrative', 'Administrative', 'Points earned by administrative assignments'],
      ['research', 'Research Release'],
    ],
  ],
  [
    ranks,
    [
      ['assistant-professor', 'Assistant Professor'],
      ['associate-professor', 'Associate Professor'],
      ['full-professor', 'Full Professor'],
      ['lecturer', 'Lecturer'],
      ['senior-lecturer', 'Senior Lecturer'],
      ['instructor', 'Instructor'],
    ],
  ],
  [
    teachingModes,
    [
      ['in-person', 'In Person'],
      ['online', 'Online', 'Taught entirely online'],
      ['hybrid', 'Hybrid', 'Part in person, part online'],
    ],
  ],
  [
    tracks,
    [
      ['tenure', 'Tenure'],
      ['non-tenure', 'Non-tenure'],
      ['clinical', 'Clinical'],
    ],
  ],
];

const DIVISIONS: readonly Row[] = [
  ['SCI', 'Natural Sciences', 'Mathematics, biology, chemistry and physics'],
  ['HUM', 'Humanities', 'English, history and philosophy'],
  ['SOC', 'Social Sciences'],
  ['ENG', 'Engineering'],
];

/**
 * Taxonomies: a few campuses and programs active, majors and specialties partly, cohorts none
 * active at all, so the demo shows a taxonomy's fields hidden while it has no active record.
 */
const TAXONOMIES: readonly [ResourceDefinition, readonly (readonly [string, string, boolean])[]][] =
  [
    [
      campuses,
      [
        ['main', 'Main Campus', true],
        ['downtown', 'Downtown Campus', true],
        ['online', 'Online Campus', false],
      ],
    ],
    [
      programs,
      [
        ['undergraduate', 'Undergraduate', true],
        ['graduate', 'Graduate', true],
        ['continuing-education', 'Continuing Education', false],
      ],
    ],
    [
      majors,
      [
        ['mathematics', 'Mathematics', true],
        ['biology', 'Biology', true],
        ['english', 'English', false],
      ],
    ],
    [
      specialties,
      [
        ['statistics', 'Statistics', true],
        ['molecular-biology', 'Molecular Biology', true],
      ],
    ],
    [
      cohorts,
      [
        ['fall-2024', 'Fall 2024 Cohort', false],
        ['fall-2025', 'Fall 2025 Cohort', false],
      ],
    ],
  ];

/**
 * The name a configuration record shows under, by its kind and slug or code: what a person or a
 * source system calls it (demoImportFiles.ts writes it into files).
 */
export function demoConfigurationName(resource: ResourceDefinition, key: string): string {
  const rows: readonly (readonly [string, string, ...unknown[]])[] =
    resource === divisions
      ? DIVISIONS
      : ([...SLUGGED, ...TAXONOMIES].find(([r]) => r === resource)?.[1] ?? []);
  const found = rows.find(([k]) => k === key);
  if (!found) throw new Error(`The demo configuration has no ${resource.name} ${key}`);
  return found[1];
}

/** The first rooms of the demo institution (demoCatalog.ts adds the rest of the campus). */
export const CONFIGURATION_LOCATIONS: readonly (readonly [
  code: string,
  description: string,
  capacity: number,
])[] = [
  ['SCI 101', 'Science Hall, lecture room', 120],
  ['SCI 204', 'Science Hall, seminar room', 30],
  ['SCI LAB 3', 'Science Hall, biology lab', 24],
  ['HUM 110', 'Humanities Building, classroom', 45],
  ['HUM 301', 'Humanities Building, seminar room', 18],
  ['ENG 150', 'Engineering Center, lecture hall', 200],
  ['LIB 2', 'Library, group study room', 12],
];

async function create(
  ctx: SeedContext,
  resource: ResourceDefinition,
  key: string,
  record: Record<string, unknown>,
): Promise<void> {
  await createOnce(ctx, resource.commandNames.create, {
    id: demoConfigurationId(resource, key),
    ...record,
  });
}

/** The configuration lists and locations of the demo institution, through their commands. */
export const demoConfigurationStep: SeedStep = {
  name: STEP_NAME,
  async run(ctx) {
    for (const [resource, rows] of SLUGGED) {
      for (const [slug, name, description] of rows) {
        await create(ctx, resource, slug, { name, slug, ...(description ? { description } : {}) });
      }
    }
    for (const [code, name, description] of DIVISIONS) {
      await create(ctx, divisions, code, { name, code, ...(description ? { description } : {}) });
    }
    for (const [resource, rows] of TAXONOMIES) {
      for (const [slug, name, isActive] of rows) {
        await create(ctx, resource, slug, { name, slug, isActive });
      }
    }
    for (const [code, description, capacity] of CONFIGURATION_LOCATIONS) {
      await create(ctx, locations, code, { code, description, capacity });
    }
  },
};

/** The faculty profiles of the demo sign-in faculty, naming the lists above by slug or code. */
export const DEMO_FACULTY_PROFILES: readonly {
  username: string;
  instructorType: string;
  division: string;
  track: string;
  rank: string;
  campuses: readonly string[];
  programs: readonly string[];
  majors: readonly string[];
}[] = [
  {
    username: 'faculty',
    instructorType: 'tenure-line',
    division: 'SCI',
    track: 'tenure',
    rank: 'associate-professor',
    campuses: ['main'],
    programs: ['undergraduate', 'graduate'],
    majors: ['mathematics'],
  },
  {
    username: 'mgarcia',
    instructorType: 'tenure-line',
    division: 'SCI',
    track: 'tenure',
    rank: 'full-professor',
    campuses: ['main'],
    programs: ['graduate'],
    majors: ['mathematics'],
  },
  {
    username: 'jchen',
    instructorType: 'lecturer',
    division: 'SCI',
    track: 'non-tenure',
    rank: 'lecturer',
    campuses: ['main', 'downtown'],
    programs: ['undergraduate'],
    majors: ['mathematics'],
  },
  {
    username: 'aokafor',
    instructorType: 'adjunct',
    division: 'HUM',
    track: 'non-tenure',
    rank: 'instructor',
    campuses: ['downtown'],
    programs: ['undergraduate'],
    majors: [],
  },
  {
    username: 'lnguyen',
    instructorType: 'tenure-line',
    division: 'SCI',
    track: 'tenure',
    rank: 'assistant-professor',
    campuses: ['main'],
    programs: ['undergraduate', 'graduate'],
    majors: ['biology'],
  },
  {
    username: 'rmueller',
    instructorType: 'tenure-line',
    division: 'SCI',
    track: 'clinical',
    rank: 'associate-professor',
    campuses: ['main'],
    programs: ['graduate'],
    majors: ['biology'],
  },
  {
    username: 'spatel',
    instructorType: 'lecturer',
    division: 'HUM',
    track: 'non-tenure',
    rank: 'senior-lecturer',
    campuses: ['main', 'downtown'],
    programs: ['undergraduate'],
    majors: [],
  },
];

export const demoFacultyProfilesStep: SeedStep = {
  name: 'demo-faculty-profiles',
  async run(ctx) {
    const idOf = demoConfigurationId;
    for (const p of DEMO_FACULTY_PROFILES) {
      // An update recording only changes: a re-run after a crash records nothing new.
      await ctx.execute('UpdateUser', {
        id: demoUserId(p.username),
        FacultyProfile: {
          InstructorTypeId: idOf(instructorTypes, p.instructorType),
          isActive: true,
          receiveAssignments: true,
          DivisionId: idOf(divisions, p.division),
          TrackId: idOf(tracks, p.track),
          RankId: idOf(ranks, p.rank),
          CampusIds: p.campuses.map((c) => idOf(campuses, c)),
          ProgramIds: p.programs.map((c) => idOf(programs, c)),
          MajorIds: p.majors.map((c) => idOf(majors, c)),
          SpecialtyIds: [],
          CohortIds: [],
        },
      });
    }
  },
};

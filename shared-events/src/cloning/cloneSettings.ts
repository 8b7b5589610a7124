import { z } from 'zod';

/**
 * Cloning resources from one academic period into another (docs/cloning.md): what may be copied,
 * how the periods' terms map, and the options. Browser-safe (zod only): the page builds the same
 * settings the server checks.
 */
export const CLONE_KINDS = [
  'offerings',
  'sections',
  'teachingAssignments',
  'administrativeAssignments',
] as const;
export type CloneKind = (typeof CLONE_KINDS)[number];

export const CLONE_KIND_LABELS: Readonly<Record<CloneKind, string>> = {
  offerings: 'Course offerings',
  sections: 'Sections, with their meetings and rooms',
  teachingAssignments: 'Teaching assignments',
  administrativeAssignments: 'Administrative assignments',
};

const recordId = z.string().trim().min(1).max(100);

export const CloneSettings = z
  .strictObject({
    SourcePeriodId: recordId,
    TargetPeriodId: recordId,
    kinds: z
      .array(z.enum(CLONE_KINDS))
      .min(1, 'Choose what to copy.')
      .max(CLONE_KINDS.length)
      .refine((kinds) => new Set(kinds).size === kinds.length, 'each kind may be chosen once'),
    /**
     * Each source term to the target term its records go to; a source term left out (or mapped
     * to null) is not copied, and what lies in it is listed as not mappable.
     */
    termMapping: z.record(recordId, recordId.nullable()),
    /** Move meeting dates by the distance between the mapped terms (else they stay as they were). */
    shiftMeetingDates: z.boolean().default(true),
    /** Copy who teaches each section (as proposed assignments) and administrative assignments' people. */
    keepInstructors: z.boolean().default(true),
    /** Copy sections' and assignments' notes (else they start empty). */
    keepNotes: z.boolean().default(false),
  })
  .refine((s) => s.SourcePeriodId !== s.TargetPeriodId, {
    message: 'Choose a target period other than the source.',
    path: ['TargetPeriodId'],
  });
export type CloneSettings = z.infer<typeof CloneSettings>;

const Named = z.object({ id: z.string(), name: z.string() });

/** What a clone would do, per kind: counts, and the first records named (docs/cloning.md). */
export const ClonePreviewAnswer = z.object({
  source: Named,
  target: Named,
  kinds: z.array(
    z.object({
      kind: z.enum(CLONE_KINDS),
      /** To be created now. */
      create: z.number().int(),
      /** There already (an earlier run, or the target's own offering): nothing to write. */
      existing: z.number().int(),
      notMappable: z.number().int(),
      /** The first few to be created, by name. */
      creates: z.array(z.string()),
      /** The first ones that cannot be copied, each with the reason in words. */
      problems: z.array(z.object({ name: z.string(), reason: z.string() })),
    }),
  ),
});
export type ClonePreviewAnswer = z.infer<typeof ClonePreviewAnswer>;

/** How many of each kind a preview names. */
export const CLONE_PREVIEW_CREATES = 10;
export const CLONE_PREVIEW_PROBLEMS = 50;

/** The job that runs a clone (on the jobs port; its progress comes on the socket). */
export const CLONE_JOB = 'clone';

export interface CloneJobData {
  settings: CloneSettings;
}

const KindCounts = z.record(z.enum(CLONE_KINDS), z.number().int());

/** What a clone did (the job's result): per kind created and found there; what failed, in words. */
export const CloneResult = z.object({
  created: KindCounts,
  existing: KindCounts,
  notMappable: z.number().int(),
  /** Records a command refused (a room booked meanwhile, a right the runner lacks). */
  failed: z.array(z.object({ name: z.string(), reason: z.string() })),
  failedCount: z.number().int(),
  /** Stopped before the end: what was created stays. */
  stopped: z.boolean(),
});
export type CloneResult = z.infer<typeof CloneResult>;

/** How many refusals a clone's result names (all are counted). */
export const CLONE_FAILURES_NAMED = 100;

/**
 * A clone as a record of its own (`clone-<id>`, its id the job's and every created record's
 * correlation id): which periods and settings, so a record's history can say "cloned from".
 */
export const cloneStream = (id: string): string => `clone-${id}`;

export const StartClone = z.strictObject({
  id: z.string().min(1).max(100),
  settings: CloneSettings,
  sourcePeriodName: z.string().max(400),
  targetPeriodName: z.string().max(400),
});
export type StartClone = z.infer<typeof StartClone>;
export const CloneStarted = StartClone;
export type CloneStarted = StartClone;

export const cloneEventSchemas = { CloneStarted } as const;

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

import { z } from 'zod';
import { DataServiceSchedule } from '../reports/dataServices.js';
import { isTimeZone } from '../reports/reportExports.js';
import { ImportKindName } from './kinds.js';
import { ImportMappingBody, ValueMappingsBody } from './runs.js';

/**
 * Saved imports (docs/data-services.md "Saved imports"): a Spec of an import — what the files
 * hold, which of their columns fill which field, and the value mappings — kept under a name so
 * next month's file imports the same way. Data services are the saved export definitions.
 */
export const importSpecStream = (id: string): string => `importSpec-${id}`;

export const IMPORT_SPEC_NAME_MAX = 200;
const Id = z.string().trim().min(1).max(200);

/** The job that runs a saved import from its source (its data: `ImportSpecRunJobData`). */
export const IMPORT_SPEC_RUN_JOB = 'importSpecRun';
/** The key of a saved import's schedule on the jobs port. */
export const importSpecScheduleKey = (id: string): string => `importSpec:${id}`;

/**
 * Where a saved import reads its file by itself: a file of the import folder the operators
 * configured (`ALLOT_IMPORT_DIR`, where an SIS drops its nightly extract), or an HTTPS address.
 */
export const ImportSource = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('folder'),
    fileName: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .refine((name) => !/[\\/]/.test(name) && name !== '.' && name !== '..', {
        message: 'is a file name of the import folder, without folders',
      }),
  }),
  z.strictObject({
    type: z.literal('url'),
    url: z
      .string()
      .trim()
      .max(2000)
      .refine((text) => URL.canParse(text) && new URL(text).protocol === 'https:', {
        message: 'is not an HTTPS address',
      }),
  }),
]);
export type ImportSource = z.infer<typeof ImportSource>;

/** The source in words: "sections.csv in the import folder", "https://sis.example.edu/…". */
export function describeImportSource(source: ImportSource | null): string {
  if (!source) return 'Files you upload';
  return source.type === 'folder' ? `${source.fileName} in the import folder` : source.url;
}

/** Body of POST /api/importSpecs and PUT /api/importSpecs/:id (the whole definition). */
export const ImportSpecBody = z.strictObject({
  name: z.string().trim().min(1).max(IMPORT_SPEC_NAME_MAX),
  description: z.string().trim().max(1000).nullable().default(null),
  kind: ImportKindName,
  mapping: ImportMappingBody,
  valueMappings: ValueMappingsBody.default({}),
  /** Records of Allot the file speaks for that no row names are removed (else reported, kept). */
  removeMissing: z.boolean().default(false),
  /** Double bookings the file holds (rooms, instructors) are accepted, as a person may. */
  acceptConflicts: z.boolean().default(false),
  /** Where it reads its file by itself (null: only files people upload). */
  source: ImportSource.nullable().default(null),
  /** The schedule's clock. */
  timeZone: z
    .string()
    .min(1)
    .max(64)
    .refine(isTimeZone, { message: 'is not a time zone (e.g. Europe/Berlin, UTC)' })
    .default('UTC'),
  /** When it runs by itself (null: when someone runs it); needs a source. */
  schedule: DataServiceSchedule.nullable().default(null),
});
export type ImportSpecBody = z.infer<typeof ImportSpecBody>;

/** A schedule reads the file from somewhere: a scheduled import names its source. */
function scheduledWithSource(
  body: { schedule: unknown; source: unknown },
  ctx: z.RefinementCtx,
): void {
  if (body.schedule !== null && body.source === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['source'],
      message: 'A scheduled import needs the folder file or the address it reads.',
    });
  }
}
/** The body as the routes check it (the cross-field rule included). */
export const CheckedImportSpecBody = ImportSpecBody.superRefine(scheduledWithSource);

export const CreateImportSpec = ImportSpecBody.extend({ id: Id }).superRefine(scheduledWithSource);
export type CreateImportSpec = z.infer<typeof CreateImportSpec>;
export const UpdateImportSpec = ImportSpecBody.extend({ id: Id }).superRefine(scheduledWithSource);
export type UpdateImportSpec = z.infer<typeof UpdateImportSpec>;
export const DeleteImportSpec = z.strictObject({ id: Id });
export type DeleteImportSpec = z.infer<typeof DeleteImportSpec>;

const Definition = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: ImportKindName,
  mapping: z.record(z.string(), z.string().nullable()),
  valueMappings: z.record(z.string(), z.record(z.string(), z.string())),
  removeMissing: z.boolean().default(false),
  acceptConflicts: z.boolean().default(false),
  source: ImportSource.nullable().default(null),
  timeZone: z.string().default('UTC'),
  schedule: DataServiceSchedule.nullable().default(null),
});
export const ImportSpecCreated = Definition;
export const ImportSpecUpdated = Definition;
export const ImportSpecDeleted = z.object({ id: z.string() });
export type ImportSpecCreated = z.infer<typeof ImportSpecCreated>;
export type ImportSpecUpdated = z.infer<typeof ImportSpecUpdated>;
export type ImportSpecDeleted = z.infer<typeof ImportSpecDeleted>;

export const importSpecEventSchemas = {
  ImportSpecCreated,
  ImportSpecUpdated,
  ImportSpecDeleted,
} as const;

/** GET /api/importSpecs (a row each). */
export const ImportSpecAnswer = Definition.extend({
  owner: z.object({ id: z.string(), name: z.string().nullable() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  revision: z.string(),
});
export type ImportSpecAnswer = z.infer<typeof ImportSpecAnswer>;
export const ImportSpecsAnswer = z.object({
  count: z.number().int(),
  rows: z.array(ImportSpecAnswer),
});
export type ImportSpecsAnswer = z.infer<typeof ImportSpecsAnswer>;

/** What the job runs: a saved import from its source, as a run of this id. */
export const ImportSpecRunJobData = z.object({
  specId: z.string(),
  /** Given when someone asks for a run now (they follow it by this id); a schedule has none. */
  runId: z.string().optional(),
});
export type ImportSpecRunJobData = z.infer<typeof ImportSpecRunJobData>;

import { z } from 'zod';
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
});
export type ImportSpecBody = z.infer<typeof ImportSpecBody>;

export const CreateImportSpec = ImportSpecBody.extend({ id: Id });
export type CreateImportSpec = z.infer<typeof CreateImportSpec>;
export const UpdateImportSpec = ImportSpecBody.extend({ id: Id });
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

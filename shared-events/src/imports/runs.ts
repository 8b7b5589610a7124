import { z } from 'zod';
import { ImportKindName } from './kinds.js';

/**
 * An import's preview and its runs (docs/data-services.md "Imports"). A run is an aggregate of
 * its own: started with the file's name and size, finished with its counts and the problems of
 * the records Allot refused. Every record it writes carries the run's id as correlation id.
 */
export const importRunStream = (id: string): string => `importRun-${id}`;

/** The job that runs an import (its data: `ImportRunJobData`). */
export const IMPORT_RUN_JOB = 'importRun';

/** The largest file an import reads (a whole institution's sections fit in a few). */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** Problems kept with a run and shown in a preview: the first ones, the rest counted. */
export const IMPORT_PROBLEMS_KEPT = 1000;
/** Records a preview lists (the counts cover them all). */
export const IMPORT_PREVIEW_RECORDS = 500;

const Id = z.string().trim().min(1).max(200);
const heading = z.string().max(200);

/** Which heading fills each column; value mappings per column ("LEC" → "In person"). */
export const ImportMappingBody = z.record(z.string().max(100), heading.nullable());
export const ValueMappingsBody = z.record(
  z.string().max(100),
  z.record(z.string().max(200), z.string().max(200)),
);

/** The form fields sent beside the file (multipart): what kind, and how its columns map. */
export const ImportFormFields = z.strictObject({
  kind: ImportKindName,
  /** A saved import whose kind, columns and value mappings apply (the fields below then not). */
  specId: z.string().trim().min(1).max(200).optional(),
  /** JSON of `ImportMappingBody`; absent: guessed from the headings. */
  mapping: z.string().max(20_000).optional(),
  /** JSON of `ValueMappingsBody`. */
  valueMappings: z.string().max(100_000).optional(),
});
export type ImportFormFields = z.infer<typeof ImportFormFields>;

export const ImportProblem = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof ImportProblem>;

/** A row's record is created, updated, unchanged or refused; one no row names is missing or removed. */
export const IMPORT_ACTIONS = [
  'create',
  'update',
  'unchanged',
  'refused',
  'missing',
  'remove',
] as const;
export const ImportCounts = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** Records of Allot the file speaks for that no row names (removed when the import says so). */
  missing: z.number().int(),
});

/** POST /api/imports/preview: what a run would do, record by record; nothing is written. */
export const ImportPreviewAnswer = z.object({
  kind: ImportKindName,
  fileName: z.string(),
  headings: z.array(z.string()),
  mapping: z.record(z.string(), z.string().nullable()),
  counts: ImportCounts,
  /** Problems with the file as a whole (a required column not chosen). */
  problems: z.array(ImportProblem),
  /** Whether records missing from the file are removed (the saved import says so). */
  removeMissing: z.boolean(),
  /** Why they are kept all the same (a row does not say which record it is); null otherwise. */
  removalBlocked: z.string().nullable(),
  /** The first records (refused ones first), each with its rows and what would change. */
  records: z.array(
    z.object({
      key: z.string(),
      rows: z.array(z.number().int()),
      action: z.enum(IMPORT_ACTIONS),
      changes: z.array(z.object({ label: z.string(), from: z.string(), to: z.string() })),
      problems: z.array(ImportProblem),
    }),
  ),
});
export type ImportPreviewAnswer = z.infer<typeof ImportPreviewAnswer>;

export const IMPORT_TRIGGERS = ['manual', 'schedule'] as const;

export const IMPORT_RUN_STATUSES = ['running', 'done', 'failed', 'stopped', 'undone'] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];

export const StartImportRun = z.strictObject({
  id: Id,
  kind: ImportKindName,
  fileName: z.string().max(300),
  rows: z.number().int().min(0),
  /** The saved import it ran, with its name then (the history says "Import 'Fall sections'"). */
  spec: z
    .object({ id: Id, name: z.string().max(200) })
    .nullable()
    .default(null),
  /** Who started it: a person (a file uploaded, or "Run now") or the saved import's schedule. */
  trigger: z.enum(IMPORT_TRIGGERS).default('manual'),
  /** Whom to tell when it fails (a scheduled run's saved import's owner); null: nobody. */
  notify: z.string().max(200).nullable().default(null),
});
export type StartImportRun = z.infer<typeof StartImportRun>;

export const FinishImportRun = z.strictObject({
  id: Id,
  status: z.enum(['done', 'failed', 'stopped']),
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  refused: z.number().int().min(0),
  /** Records missing from the file that the run removed. */
  removed: z.number().int().min(0).default(0),
  notRun: z.number().int().min(0),
  /** The first problems; `problemCount` counts them all. */
  problems: z.array(ImportProblem).max(IMPORT_PROBLEMS_KEPT),
  problemCount: z.number().int().min(0),
  reason: z.string().max(2000).nullable(),
});
export type FinishImportRun = z.infer<typeof FinishImportRun>;

/** The streams a run wrote, in the order it first wrote them, noted in pieces before it ends. */
export const IMPORT_WRITES_PER_NOTE = 1000;
export const NoteImportRunWrites = z.strictObject({
  id: Id,
  streams: z.array(z.string().max(300)).min(1).max(IMPORT_WRITES_PER_NOTE),
});
export type NoteImportRunWrites = z.infer<typeof NoteImportRunWrites>;

/** The end of an undo: done (every record as before the run) or refused (why, nothing undone). */
export const EndImportUndo = z.strictObject({
  id: Id,
  status: z.enum(['undone', 'refused']),
  reverted: z.number().int().min(0),
  problems: z.array(ImportProblem).max(IMPORT_PROBLEMS_KEPT),
  reason: z.string().max(2000).nullable(),
});
export type EndImportUndo = z.infer<typeof EndImportUndo>;

export const ImportRunStarted = StartImportRun;
export const ImportRunFinished = FinishImportRun;
export const ImportRunWritesNoted = NoteImportRunWrites;
export const ImportUndoEnded = EndImportUndo;
export type ImportRunStarted = z.infer<typeof ImportRunStarted>;
export type ImportRunFinished = z.infer<typeof ImportRunFinished>;
export type ImportRunWritesNoted = z.infer<typeof ImportRunWritesNoted>;
export type ImportUndoEnded = z.infer<typeof ImportUndoEnded>;

export const importRunEventSchemas = {
  ImportRunStarted,
  ImportRunFinished,
  ImportRunWritesNoted,
  ImportUndoEnded,
} as const;

/** The job that undoes a run (its data: `{ runId }`). */
export const IMPORT_UNDO_JOB = 'importUndo';
export const ImportUndoJobData = z.object({ runId: z.string() });

/** What the job needs to run an import as its owner: the file's rows and how they map. */
export const ImportRunJobData = z.object({
  runId: z.string(),
  kind: ImportKindName,
  fileName: z.string(),
  mapping: ImportMappingBody,
  valueMappings: ValueMappingsBody,
  removeMissing: z.boolean().default(false),
  acceptConflicts: z.boolean().default(false),
  table: z.object({
    headings: z.array(z.string()),
    rows: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })),
  }),
});
export type ImportRunJobData = z.infer<typeof ImportRunJobData>;

/** POST /api/imports/runs (202): the run started, its progress on the socket. */
export const ImportRunStartedAnswer = z.object({ id: z.string() });

/** A run as the history lists it. */
export const ImportRunAnswer = z.object({
  id: z.string(),
  kind: ImportKindName,
  fileName: z.string(),
  rows: z.number().int(),
  status: z.enum(IMPORT_RUN_STATUSES),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  removed: z.number().int(),
  notRun: z.number().int(),
  problemCount: z.number().int(),
  reason: z.string().nullable(),
  /** Why the last undo was refused (something later depends on the run); null otherwise. */
  undoRefused: z.string().nullable(),
  startedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  spec: z.object({ id: z.string(), name: z.string() }).nullable(),
  trigger: z.enum(IMPORT_TRIGGERS),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportRunAnswer = z.infer<typeof ImportRunAnswer>;

/** GET /api/imports/runs: the runs, newest first. */
export const ImportRunsAnswer = z.object({
  count: z.number().int(),
  rows: z.array(ImportRunAnswer),
});
export type ImportRunsAnswer = z.infer<typeof ImportRunsAnswer>;

/** GET /api/imports/runs/:id: one run with the problems it kept. */
export const ImportRunDetailAnswer = ImportRunAnswer.extend({ problems: z.array(ImportProblem) });
export type ImportRunDetailAnswer = z.infer<typeof ImportRunDetailAnswer>;

export const ImportRunsQuery = z.strictObject({
  take: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

import { z } from 'zod';
import type { ImportColumn } from '../imports/kinds.js';
import { ImportProblem } from '../imports/runs.js';

/**
 * Effort imports (docs/effort.md "Importing effort"): payroll's lines for instructors' positions
 * and pay periods, each line one event, classified by the classification rules as it is read.
 * An import is an aggregate of its own (`effortImport-<id>`: started, finished, undone,
 * re-classified); its lines are written in numbered batches (`effortLines-<id>-<n>`), each batch
 * a new stream, so writing the 100th batch reads nothing of the 99 before it.
 */
export const effortImportStream = (id: string): string => `effortImport-${id}`;
export const effortLineBatchStream = (importId: string, batch: number): string =>
  `effortLines-${importId}-${batch}`;

/** The job that runs an effort import (its data: `EffortImportJobData`). */
export const EFFORT_IMPORT_JOB = 'effortImport';
/** The job that classifies every current line again by today's rules. */
export const EFFORT_RECLASSIFY_JOB = 'effortReclassify';

/** Lines per batch event stream (one append each). */
export const EFFORT_LINES_PER_BATCH = 500;
/** Line classifications per re-classification event. */
export const EFFORT_RECLASSIFIED_PER_EVENT = 1000;

/**
 * ImportModes: add the file's lines to what is there; replace one pay period's lines with the
 * file's (every earlier import's lines of that period stop counting, and come back if this import
 * is undone); or a dry run, which reads, checks and classifies every line and writes none.
 */
export const EFFORT_IMPORT_MODES = ['append', 'replacePayPeriod', 'dryRun'] as const;
export const EffortImportMode = z.enum(EFFORT_IMPORT_MODES);
export type EffortImportMode = z.infer<typeof EffortImportMode>;
export const EFFORT_IMPORT_MODE_LABELS: Readonly<Record<EffortImportMode, string>> = {
  append: 'Add the lines',
  replacePayPeriod: 'Replace a pay period',
  dryRun: 'Dry run (check only, write nothing)',
};

const column = (
  key: string,
  label: string,
  type: ImportColumn['type'],
  help: string,
  example: string,
  required: boolean,
  aliases: readonly string[],
): ImportColumn => ({
  key,
  label,
  type,
  help,
  example,
  aliases,
  ...(required ? { required } : {}),
});

/** The columns of a payroll effort file, as its template heads them (and other systems do). */
export const EFFORT_LINE_COLUMNS: readonly ImportColumn[] = [
  column(
    'instructor',
    'Instructor',
    'text',
    "The instructor's employee id, username or e-mail address.",
    'E10234',
    true,
    ['Employee', 'Employee ID', 'Emplid', 'Person'],
  ),
  column(
    'positionNumber',
    'Position',
    'text',
    'The payroll position number the line is paid on.',
    '00123456',
    true,
    ['Position number', 'Position ID', 'Position no'],
  ),
  column('payPeriod', 'Pay period', 'text', 'The pay period, by its code.', '2026-11B', true, [
    'Pay period code',
    'Period',
  ]),
  column(
    'effortPercent',
    'Effort (%)',
    'number',
    'The share of full time the line pays for in the pay period, 0 to 100.',
    '50',
    true,
    ['Effort', 'Percent', 'Distribution %', 'FTE %'],
  ),
  column('costCenter', 'Cost centre', 'text', 'The cost centre charged.', '10-4410', false, [
    'Cost center',
    'Department',
    'Dept',
  ]),
  column('earnCode', 'Earn code', 'text', 'What kind of pay (REG, SUM, …).', 'REG', false, [
    'Earnings code',
    'Pay code',
  ]),
  column('account', 'Account', 'text', 'The ledger account.', '51000', false, [
    'GL account',
    'Object code',
  ]),
  column(
    'amount',
    'Amount',
    'number',
    'What the line paid, in the institution’s money.',
    '4250',
    false,
    ['Pay amount', 'Earnings'],
  ),
  column('hours', 'Hours', 'number', 'Hours the line pays for.', '80', false, ['Hrs']),
];

/** Which heading of the file fills each column (null: not imported). */
export const EffortMappingBody = z.record(z.string().max(100), z.string().max(200).nullable());
export type EffortMapping = z.infer<typeof EffortMappingBody>;

/** The form fields sent beside the file (multipart). */
export const EffortImportFormFields = z.strictObject({
  mode: EffortImportMode.default('append'),
  /** The pay period a replacing import replaces (required then, refused otherwise). */
  payPeriodId: z.string().trim().min(1).max(200).optional(),
  /** JSON of `EffortMappingBody`; absent: guessed from the headings. */
  mapping: z.string().max(20_000).optional(),
});
export type EffortImportFormFields = z.infer<typeof EffortImportFormFields>;

/** One payroll line as written: who, which position and pay period, how much, how classified. */
export const EffortLine = z.strictObject({
  /** The file's line number (the heading is line 1). */
  line: z.number().int().min(1),
  UserId: z.string().min(1).max(200),
  positionNumber: z.string().min(1).max(100),
  /** The position record it is charged to (found, or created by the import). */
  EffortPositionId: z.string().min(1).max(200),
  EffortPayPeriodId: z.string().min(1).max(200),
  effortPercent: z.number().finite().min(0).max(100),
  costCenter: z.string().max(100).nullable(),
  earnCode: z.string().max(100).nullable(),
  account: z.string().max(100).nullable(),
  amount: z.number().finite().nullable(),
  hours: z.number().finite().min(0).nullable(),
  EffortCategoryId: z.string().max(200).nullable(),
  EffortTypeId: z.string().max(200).nullable(),
  EffortRuleId: z.string().max(200).nullable(),
});
export type EffortLine = z.infer<typeof EffortLine>;

const Id = z.string().trim().min(1).max(200);

export const StartEffortImport = z.strictObject({
  id: Id,
  fileName: z.string().max(300),
  /** The file's size in bytes, and its SHA-256 (the upload as it came). */
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  mode: EffortImportMode,
  EffortPayPeriodId: Id.nullable(),
  rows: z.number().int().min(0),
});
export type StartEffortImport = z.infer<typeof StartEffortImport>;

export const RecordEffortLines = z.strictObject({
  importId: Id,
  batch: z.number().int().min(0),
  lines: z.array(EffortLine).min(1).max(EFFORT_LINES_PER_BATCH),
});
export type RecordEffortLines = z.infer<typeof RecordEffortLines>;

export const FinishEffortImport = z.strictObject({
  id: Id,
  status: z.enum(['done', 'failed', 'stopped']),
  /** Lines written (a dry run: lines that would be). */
  imported: z.number().int().min(0),
  refused: z.number().int().min(0),
  positionsCreated: z.number().int().min(0),
  notRun: z.number().int().min(0),
  problems: z.array(ImportProblem).max(1000),
  problemCount: z.number().int().min(0),
  reason: z.string().max(2000).nullable(),
});
export type FinishEffortImport = z.infer<typeof FinishEffortImport>;

export const UndoEffortImport = z.strictObject({ id: Id });
export type UndoEffortImport = z.infer<typeof UndoEffortImport>;

/** Lines classified again by the rules as they are now: only those whose class changed. */
export const ReclassifyEffortLines = z.strictObject({
  id: Id,
  changes: z
    .array(
      z.strictObject({
        line: z.number().int().min(1),
        EffortCategoryId: z.string().max(200).nullable(),
        EffortTypeId: z.string().max(200).nullable(),
        EffortRuleId: z.string().max(200).nullable(),
      }),
    )
    .min(1)
    .max(EFFORT_RECLASSIFIED_PER_EVENT),
});
export type ReclassifyEffortLines = z.infer<typeof ReclassifyEffortLines>;

export const EffortImportStarted = StartEffortImport;
export const EffortLineImported = EffortLine.extend({ importId: Id });
export const EffortImportFinished = FinishEffortImport;
export const EffortImportUndone = UndoEffortImport;
export const EffortLinesReclassified = ReclassifyEffortLines;
export type EffortImportStarted = StartEffortImport;
export type EffortLineImported = z.infer<typeof EffortLineImported>;
export type EffortImportFinished = FinishEffortImport;
export type EffortImportUndone = UndoEffortImport;
export type EffortLinesReclassified = ReclassifyEffortLines;

export const effortImportEventSchemas = {
  EffortImportStarted,
  EffortLineImported,
  EffortImportFinished,
  EffortImportUndone,
  EffortLinesReclassified,
} as const;

/** What the job needs: the file's rows, how they map, the mode. */
export const EffortImportJobData = z.object({
  importId: z.string(),
  mode: EffortImportMode,
  payPeriodId: z.string().nullable(),
  mapping: EffortMappingBody,
  table: z.object({
    headings: z.array(z.string()),
    rows: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })),
  }),
});
export type EffortImportJobData = z.infer<typeof EffortImportJobData>;

export const EffortReclassifyJobData = z.object({ requestedAt: z.string() });

/** POST /api/effort/imports/preview: every row's problems, what would be written; nothing is. */
export const EffortImportPreviewAnswer = z.object({
  fileName: z.string(),
  headings: z.array(z.string()),
  mapping: z.record(z.string(), z.string().nullable()),
  mode: EffortImportMode,
  counts: z.object({
    rows: z.number().int(),
    lines: z.number().int(),
    refused: z.number().int(),
    unclassified: z.number().int(),
    positionsToCreate: z.number().int(),
  }),
  /** Every problem, first those of the file as a whole (a column not chosen), then by row. */
  problems: z.array(ImportProblem),
  problemCount: z.number().int(),
  /** The first good lines as they would be written, in words. */
  sample: z.array(
    z.object({
      line: z.number().int(),
      instructor: z.string(),
      positionNumber: z.string(),
      payPeriod: z.string(),
      effortPercent: z.number(),
      amount: z.number().nullable(),
      category: z.string().nullable(),
      type: z.string().nullable(),
    }),
  ),
});
export type EffortImportPreviewAnswer = z.infer<typeof EffortImportPreviewAnswer>;

/** Problems an import preview answers at most (the count covers them all). */
export const EFFORT_PREVIEW_PROBLEMS = 5000;
export const EFFORT_PREVIEW_SAMPLE = 50;

export const EFFORT_IMPORT_STATUSES = ['running', 'done', 'failed', 'stopped', 'undone'] as const;
export type EffortImportStatus = (typeof EFFORT_IMPORT_STATUSES)[number];

/** An import as the list shows it. */
export const EffortImportAnswer = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  mode: EffortImportMode,
  payPeriod: z.object({ id: z.string(), name: z.string() }).nullable(),
  rows: z.number().int(),
  status: z.enum(EFFORT_IMPORT_STATUSES),
  imported: z.number().int(),
  refused: z.number().int(),
  positionsCreated: z.number().int(),
  notRun: z.number().int(),
  problemCount: z.number().int(),
  reason: z.string().nullable(),
  /** Lines that count now (not undone, not replaced by a later import). */
  current: z.number().int(),
  startedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  undoneAt: z.string().nullable(),
  /** Whether the file as sent is kept (Uploads), to download from the import. */
  fileKept: z.boolean(),
});
export type EffortImportAnswer = z.infer<typeof EffortImportAnswer>;

export const EffortImportsAnswer = z.object({
  count: z.number().int(),
  rows: z.array(EffortImportAnswer),
});
export type EffortImportsAnswer = z.infer<typeof EffortImportsAnswer>;

export const EffortImportDetailAnswer = EffortImportAnswer.extend({
  problems: z.array(ImportProblem),
});
export type EffortImportDetailAnswer = z.infer<typeof EffortImportDetailAnswer>;

export const EffortImportsQuery = z.strictObject({
  take: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** An import's lines, paged, as they were written and classified. */
export const EffortLinesQuery = z.strictObject({
  take: z.coerce.number().int().min(1).max(500).default(50),
  skip: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const EffortLineAnswer = z.object({
  line: z.number().int(),
  instructor: z.object({ id: z.string(), name: z.string() }),
  positionNumber: z.string(),
  EffortPositionId: z.string(),
  payPeriod: z.object({ id: z.string(), name: z.string() }),
  effortPercent: z.number(),
  costCenter: z.string().nullable(),
  earnCode: z.string().nullable(),
  account: z.string().nullable(),
  amount: z.number().nullable(),
  hours: z.number().nullable(),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  type: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Whether it counts now (its import not undone, its pay period not replaced since). */
  current: z.boolean(),
});
export type EffortLineAnswer = z.infer<typeof EffortLineAnswer>;

export const EffortLinesAnswer = z.object({
  count: z.number().int(),
  rows: z.array(EffortLineAnswer),
});
export type EffortLinesAnswer = z.infer<typeof EffortLinesAnswer>;

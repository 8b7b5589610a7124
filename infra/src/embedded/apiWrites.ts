import { z } from 'zod';
import {
  AddPreferenceBody,
  ApproveAssignmentBody,
  AssignInstructorBody,
  ChangeAssignmentBody,
  MoveMeetingBody,
  ReopenPreferencesBody,
  SetMeetingsBody,
  SetUnavailableTimesBody,
  SubmitPreferencesBody,
  UpdatePreferenceBody,
  WithdrawAssignmentBody,
  BulkApprovalAnswer,
  BulkApprovalBody,
  ChangeSettingBody,
  CreateApiKeyBody,
  CreateSavedReportBody,
  CreatedApiKeyAnswer,
  IMPORT_KIND_NAMES,
  MAX_IMPORT_BYTES,
  ImportPreviewAnswer,
  EffortImportPreviewAnswer,
  EFFORT_IMPORT_MODES,
  ImportSpecBody,
  ImportRunStartedAnswer,
  LOGO_UPLOAD_FIELD,
  LogoUploaded,
  MAX_LOGO_BYTES,
  MasqueradeAnswer,
  MarkNotificationsReadBody,
  IssuedCalendarFeedAnswer,
  NotificationPreferencesBody,
  MergeUsersBody,
  RecordProgressActionBody,
  ReportExportAnswer,
  DataServiceBody,
  DataServiceRunAnswer,
  SetWorkingPeriodBody,
  StartMasqueradeBody,
  StartReportExportBody,
  TakeReportSnapshotBody,
  UpdateSavedReportBody,
  allResources,
  CloneSettings,
  EmailPreviewAnswer,
  EmailPreviewRequest,
  EmailSendStartedAnswer,
  SendEmailRequest,
  ClonePreviewAnswer,
  sectionCommandSchemas,
  type ResourceDefinition,
} from '@allot/shared-events';

type JsonSchema = Record<string, unknown>;

/** How a write route takes its input. */
export type WriteBody =
  /** JSON: a command's schema without what the path, the session or the server gives. */
  | { type: 'json'; schema: z.ZodType; omit?: readonly string[]; resource?: ResourceDefinition }
  /** An HTML form post (`application/x-www-form-urlencoded`). */
  | { type: 'form'; schema: z.ZodObject }
  /** A multipart form: its JSON Schema and each part's content types. */
  | { type: 'multipart'; schema: JsonSchema; encoding: Record<string, { contentType: string }> };

/** A write route as the document describes it. */
export interface WriteRoute {
  summary: string;
  /** None: the path (and the session) say everything. */
  body?: WriteBody;
  /** What a success answers: JSON of this schema; a command's `CommandResult` unless given. */
  answer?: z.ZodType;
  /** A route that answers by sending the browser on: where to, in words. */
  redirect?: string;
  /** The success status: 201 where the route creates, 202 where a job goes on, 204 with no answer. */
  status?: 200 | 201 | 202 | 204;
}

const section = sectionCommandSchemas;
const assignment = '/api/sections/:id/assignments/:assignmentId';
const myPreferences = '/api/teachingPreferences/mine/:AcademicPeriodId';

const json = (
  schema: z.ZodType,
  omit: readonly string[] = [],
  resource?: ResourceDefinition,
): WriteBody => ({ type: 'json', schema, omit, ...(resource ? { resource } : {}) });

/**
 * The SAML HTTP-POST binding's form fields (SAML 2.0 Bindings §3.5), which the identity
 * provider's page posts and node-saml reads: no Allot schema declares them, the protocol does.
 */
const SamlResponseForm = z.object({
  SAMLResponse: z
    .string()
    .min(1)
    .describe('The base64 SAML response the identity provider signed.'),
  RelayState: z.string().optional().describe('Where to go after signing in (a path of Allot).'),
});
const SamlLogoutForm = z.object({
  SAMLRequest: z
    .string()
    .optional()
    .describe('The identity provider’s logout request (it ends the person’s sessions).'),
  SAMLResponse: z.string().optional().describe('The identity provider’s answer to our logout.'),
  RelayState: z.string().optional(),
});

const LogoUploadForm: WriteBody = {
  type: 'multipart',
  schema: {
    type: 'object',
    required: [LOGO_UPLOAD_FIELD],
    properties: {
      [LOGO_UPLOAD_FIELD]: {
        type: 'string',
        format: 'binary',
        description:
          `The image: ${LogoUploaded.shape.contentType.options.join(', ')}, at most ` +
          `${MAX_LOGO_BYTES / (1024 * 1024)} MiB. An SVG is cleaned of scripts before it is stored.`,
      },
    },
  },
  encoding: {
    [LOGO_UPLOAD_FIELD]: { contentType: LogoUploaded.shape.contentType.options.join(', ') },
  },
};

/** An import's form: the file, its kind, and how its headings map (docs/data-services.md). */
const ImportForm: WriteBody = {
  type: 'multipart',
  schema: {
    type: 'object',
    required: ['file', 'kind'],
    properties: {
      file: {
        type: 'string',
        format: 'binary',
        description: `A CSV or XLSX file (its first sheet), at most ${MAX_IMPORT_BYTES / (1024 * 1024)} MiB; the first row holds the headings.`,
      },
      kind: { type: 'string', enum: [...IMPORT_KIND_NAMES], description: 'What the file holds.' },
      mapping: {
        type: 'string',
        description:
          'JSON: each column’s key → the heading of the file that fills it (absent: matched by name).',
      },
      valueMappings: {
        type: 'string',
        description:
          'JSON: per column key, source values → the names Allot knows ("LEC" → "In person").',
      },
    },
  },
  encoding: {
    file: {
      contentType: 'text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
  },
};
/** An effort import's form: the payroll file, the mode, the pay period replaced, the columns. */
const EffortImportForm: WriteBody = {
  type: 'multipart',
  schema: {
    type: 'object',
    required: ['file'],
    properties: {
      file: {
        type: 'string',
        format: 'binary',
        description: `A payroll CSV or XLSX file (its first sheet), at most ${MAX_IMPORT_BYTES / (1024 * 1024)} MiB; the first row holds the headings.`,
      },
      mode: {
        type: 'string',
        enum: [...EFFORT_IMPORT_MODES],
        description:
          'append (default): add the lines; replacePayPeriod: they replace the chosen pay period’s lines; dryRun: check only.',
      },
      payPeriodId: {
        type: 'string',
        description: 'The pay period a replacing import replaces (required then).',
      },
      mapping: {
        type: 'string',
        description:
          'JSON: each column’s key → the heading of the file that fills it (absent: matched by name).',
      },
    },
  },
  encoding: {
    file: {
      contentType: 'text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
  },
};
/** The generic list API of every resource kind (`/api/<kind>`). */
function resourceWrites(resource: ResourceDefinition): [string, WriteRoute][] {
  const base = `/api/${resource.path}`;
  const one = resource.ui?.singular ?? resource.name;
  const routes: [string, WriteRoute][] = [
    [
      `POST ${base}`,
      {
        summary: `Create a record (${one}).`,
        body: json(resource.schema, [], resource),
        status: 201,
      },
    ],
    [
      `PUT ${base}/:id`,
      {
        summary: `Change a record (${one}): only the fields sent change.`,
        body: json(resource.schema.partial(), [], resource),
      },
    ],
    [`DELETE ${base}/:id`, { summary: `Delete a record (${one}); 422 while others name it.` }],
  ];
  if (resource.commandNames.deactivate) {
    routes.push([`POST ${base}/:id/deactivate`, { summary: `Deactivate a record (${one}).` }]);
  }
  return routes;
}

/**
 * Every write route of the API (method, then the path as registered): its body, taken from the
 * schema the server validates it with, and its answer. A write route missing here shows in the
 * document without a body, which openApiDocument.int.test.ts refuses.
 */
export function writeRoutes(): Map<string, WriteRoute> {
  const routes = new Map<string, WriteRoute>([
    // Sign-in and the session.
    [
      'POST /api/auth/saml/callback',
      {
        summary: 'The identity provider posts a SAML sign-in here (SAML single sign-on only).',
        body: { type: 'form', schema: SamlResponseForm },
        redirect: 'Signed in, to RelayState; refused, to a page saying why.',
      },
    ],
    [
      'POST /api/auth/saml/logout',
      {
        summary: 'SAML single logout, posted by the identity provider (SAML single sign-on only).',
        body: { type: 'form', schema: SamlLogoutForm },
        redirect: 'To the identity provider with its answer, or to the login page.',
      },
    ],
    [
      'DELETE /api/auth/sessions',
      { summary: 'Sign out everywhere: every session of the signed-in person ends, this one too.' },
    ],
    [
      'POST /api/users/masquerade',
      {
        summary: 'Act as another user (administrators; not through an API key).',
        body: json(StartMasqueradeBody),
        answer: MasqueradeAnswer,
      },
    ],
    [
      'DELETE /api/users/masquerade',
      {
        summary: 'Stop acting as another user (changes nothing when not).',
        answer: MasqueradeAnswer,
      },
    ],
    [
      'PUT /api/users/:id/working',
      {
        summary: 'Set the academic period a user works in.',
        body: json(SetWorkingPeriodBody),
      },
    ],
    // Users and API keys.
    [
      'POST /api/users/merge',
      {
        summary: 'Merge a duplicate user into another: its data becomes the master’s.',
        body: json(MergeUsersBody),
      },
    ],
    [
      'POST /api/apiKeys',
      {
        summary: 'Create an API key; the answer holds the key, shown this once.',
        body: json(CreateApiKeyBody),
        answer: CreatedApiKeyAnswer,
        status: 201,
      },
    ],
    ['DELETE /api/apiKeys/:id', { summary: 'Revoke an API key: its next request is refused.' }],
    // Settings.
    [
      'PUT /api/settings/:machineName',
      { summary: 'Change one institution setting.', body: json(ChangeSettingBody) },
    ],
    [
      'POST /api/settings/upload/logo',
      { summary: 'Upload the institution’s logo.', body: LogoUploadForm },
    ],
    ['DELETE /api/settings/logo', { summary: 'Go back to the default logo.' }],
    // Sections and their assignments.
    [
      'POST /api/sections',
      { summary: 'Create a section.', body: json(section.CreateSection, ['id']), status: 201 },
    ],
    [
      'PUT /api/sections/:id',
      { summary: 'Change a section.', body: json(section.UpdateSection, ['id']) },
    ],
    ['DELETE /api/sections/:id', { summary: 'Delete a section.' }],
    [
      'PUT /api/sections/:id/meetings',
      { summary: 'Set a section’s meetings.', body: json(SetMeetingsBody) },
    ],
    [
      'POST /api/sections/:id/meetings/:meetingId/move',
      {
        summary: 'Move one meeting (a drag on the schedule).',
        body: json(MoveMeetingBody),
      },
    ],
    [
      'POST /api/sections/:id/assignments',
      {
        summary: 'Assign an instructor to a section.',
        body: json(AssignInstructorBody),
        status: 201,
      },
    ],
    [
      `PUT ${assignment}`,
      {
        summary: 'Change an assignment’s share or notes.',
        body: json(ChangeAssignmentBody),
      },
    ],
    [`DELETE ${assignment}`, { summary: 'Remove an assignment.' }],
    [
      `POST ${assignment}/withdraw`,
      {
        summary: 'Withdraw an assignment.',
        body: json(WithdrawAssignmentBody),
      },
    ],
    [
      `POST ${assignment}/approve`,
      {
        summary: 'Approve an assignment for its workgroup.',
        body: json(ApproveAssignmentBody),
      },
    ],
    [
      `POST ${assignment}/finalize`,
      {
        summary: 'Finalize an assignment (academic affairs).',
        body: json(ApproveAssignmentBody),
      },
    ],
    [
      'POST /api/sectionAssignments/approve',
      {
        summary: 'Approve many assignments for their workgroups; each item succeeds or not alone.',
        body: json(BulkApprovalBody),
        answer: BulkApprovalAnswer,
      },
    ],
    [
      'POST /api/sectionAssignments/finalize',
      {
        summary: 'Finalize many assignments; each item succeeds or not alone.',
        body: json(BulkApprovalBody),
        answer: BulkApprovalAnswer,
      },
    ],
    // Approvals.
    [
      'POST /api/progressSteps/:ProgressStepId/workgroups/:WorkgroupId/:action',
      {
        summary: 'Submit, approve or return a workgroup’s work at a progress step.',
        body: json(RecordProgressActionBody),
      },
    ],
    // Teaching preferences.
    [
      `POST ${myPreferences}`,
      {
        summary: 'Add one of my teaching preferences.',
        body: json(AddPreferenceBody),
        status: 201,
      },
    ],
    [
      `PUT ${myPreferences}/unavailable`,
      {
        summary: 'Set the times I cannot teach.',
        body: json(SetUnavailableTimesBody),
      },
    ],
    [
      `POST ${myPreferences}/submit`,
      {
        summary: 'Submit my teaching preferences for the period.',
        body: json(SubmitPreferencesBody),
      },
    ],
    [
      `PUT ${myPreferences}/:id`,
      {
        summary: 'Change one of my teaching preferences.',
        body: json(UpdatePreferenceBody),
      },
    ],
    [`DELETE ${myPreferences}/:id`, { summary: 'Remove one of my teaching preferences.' }],
    [
      'POST /api/preferenceSubmissions/:UserId/:AcademicPeriodId/reopen',
      {
        summary: 'Reopen a person’s submitted preferences.',
        body: json(ReopenPreferencesBody),
      },
    ],
    // Saved reports and snapshots (reading a report is a POST too, typed by its route's schemas).
    [
      'POST /api/reports',
      { summary: 'Save a report.', body: json(CreateSavedReportBody), status: 201 },
    ],
    [
      'PUT /api/reports/:id',
      { summary: 'Change a saved report.', body: json(UpdateSavedReportBody) },
    ],
    ['DELETE /api/reports/:id', { summary: 'Delete a saved report.' }],
    [
      'POST /api/reportSnapshots',
      {
        summary: 'Freeze a run of a report as a snapshot.',
        body: json(TakeReportSnapshotBody),
        status: 201,
      },
    ],
    ['DELETE /api/reportSnapshots/:id', { summary: 'Delete a report snapshot.' }],
    // Report exports: a job makes the file; GET /api/reportExports/:id/file downloads it.
    [
      'POST /api/reportExports',
      {
        summary: 'Export a report to a CSV or XLSX file (a job: its progress comes on the socket).',
        body: json(StartReportExportBody),
        status: 201,
      },
    ],
    [
      'POST /api/reportExports/:id/stop',
      { summary: 'Stop an export that has not finished.', answer: ReportExportAnswer },
    ],
    [
      'DELETE /api/reportExports/:id',
      { summary: 'Delete an export and its file.', answer: ReportExportAnswer },
    ],
    // Data services: saved export definitions, run now or on their schedule.
    [
      'POST /api/dataServices',
      { summary: 'Define a data service.', body: json(DataServiceBody), status: 201 },
    ],
    [
      'PUT /api/dataServices/:id',
      { summary: 'Change a data service (its whole definition).', body: json(DataServiceBody) },
    ],
    ['DELETE /api/dataServices/:id', { summary: 'Delete a data service and its runs’ files.' }],
    [
      'POST /api/dataServices/:id/runs',
      {
        summary: 'Run a data service now (a job: its progress comes on the socket).',
        answer: DataServiceRunAnswer,
        status: 201,
      },
    ],
    // Saved imports: an import's kind, columns and value mappings under a name.
    [
      'POST /api/importSpecs',
      { summary: 'Save an import’s definition.', body: json(ImportSpecBody), status: 201 },
    ],
    [
      'PUT /api/importSpecs/:id',
      { summary: 'Change a saved import (its whole definition).', body: json(ImportSpecBody) },
    ],
    ['DELETE /api/importSpecs/:id', { summary: 'Delete a saved import (its runs stay).' }],
    [
      'POST /api/importSpecs/:id/runs',
      {
        summary:
          'Run a saved import now from its own source: the import folder or an HTTPS address (a job).',
        answer: ImportRunStartedAnswer,
        status: 202,
      },
    ],
    // Imports: previewed record by record, run as a job (docs/data-services.md).
    [
      'POST /api/imports/preview',
      {
        summary: 'What importing a file would do, record by record (nothing is written).',
        body: ImportForm,
        answer: ImportPreviewAnswer,
      },
    ],
    [
      'POST /api/imports/runs',
      {
        summary: 'Import a file (a job: its progress comes on the socket).',
        body: ImportForm,
        answer: ImportRunStartedAnswer,
        status: 202,
      },
    ],
    [
      'POST /api/imports/runs/:id/undo',
      {
        summary: 'Undo an import as a whole, while nothing later depends on it (a job).',
        answer: ImportRunStartedAnswer,
        status: 202,
      },
    ],
    [
      'POST /api/imports/runs/:id/stop',
      { summary: 'Stop an import between records.', status: 204 },
    ],
    // Cloning a period's plan into another.
    [
      'POST /api/cloning/preview',
      {
        summary:
          'What a clone would create, what is there already and what cannot be mapped (nothing is written).',
        body: json(CloneSettings),
        answer: ClonePreviewAnswer,
      },
    ],
    [
      'POST /api/cloning',
      {
        summary: 'Clone a period’s plan into another (a job: its progress comes on the socket).',
        body: json(CloneSettings),
        answer: ImportRunStartedAnswer,
        status: 202,
      },
    ],
    [
      'POST /api/cloning/:id/stop',
      { summary: 'Stop a clone between records (what it created stays).', status: 204 },
    ],
    // E-mail to instructors.
    [
      'POST /api/email/preview',
      {
        summary:
          'One recipient’s message as it would be sent, merge fields filled (nothing is sent).',
        body: json(EmailPreviewRequest),
        answer: EmailPreviewAnswer,
      },
    ],
    [
      'POST /api/email/sends',
      {
        summary:
          'Send a message to every instructor the filter finds (a job: its progress comes on the socket).',
        body: json(SendEmailRequest),
        answer: EmailSendStartedAnswer,
        status: 202,
      },
    ],
    [
      'POST /api/email/sends/:id/retry',
      {
        summary: 'Send the failed messages of an e-mail again (a job).',
        answer: EmailSendStartedAnswer,
        status: 202,
      },
    ],
    [
      'POST /api/email/jobs/:id/stop',
      {
        summary: 'Stop a sending between messages (those not sent stay queued).',
        status: 204,
      },
    ],
    // Effort imports: payroll lines, previewed row by row, imported as a job, undone whole.
    [
      'POST /api/effort/imports/preview',
      {
        summary: 'Every row’s problems and what an effort import would write (nothing is).',
        body: EffortImportForm,
        answer: EffortImportPreviewAnswer,
      },
    ],
    [
      'POST /api/effort/imports',
      {
        summary: 'Import a payroll effort file (a job: its progress comes on the socket).',
        body: EffortImportForm,
        answer: ImportRunStartedAnswer,
        status: 202,
      },
    ],
    [
      'POST /api/effort/imports/:id/stop',
      { summary: 'Stop an effort import between batches.', status: 204 },
    ],
    [
      'POST /api/effort/imports/:id/undo',
      { summary: 'Undo an effort import as a whole: its lines stop counting.' },
    ],
    [
      'POST /api/effort/reclassify',
      {
        summary: 'Classify every current payroll line again by the rules as they are now (a job).',
        answer: ImportRunStartedAnswer,
        status: 202,
      },
    ],
    // Notifications: one's own, read by id or all up to the newest one seen.
    [
      'POST /api/notifications/read',
      { summary: 'Mark notifications of your own read.', body: json(MarkNotificationsReadBody) },
    ],
    [
      'PUT /api/notifications/preferences',
      {
        summary:
          'Choose which changes to your own teaching you hear of, in Allot and by e-mail (the kinds turned off).',
        body: json(NotificationPreferencesBody),
      },
    ],
    // Your calendar feed: a new private address (shown this once), or none.
    [
      'POST /api/calendarFeed/mine',
      {
        summary:
          'Make a new private address for your calendar feed (any earlier one stops working); it is shown this once.',
        answer: IssuedCalendarFeedAnswer,
        status: 201,
      },
    ],
    [
      'DELETE /api/calendarFeed/mine',
      { summary: 'Turn your calendar feed off: its address answers 404 from now on.' },
    ],
  ]);
  for (const resource of allResources) {
    for (const [key, route] of resourceWrites(resource)) routes.set(key, route);
  }
  return routes;
}

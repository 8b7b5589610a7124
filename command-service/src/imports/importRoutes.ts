import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IMPORT_KINDS,
  IMPORT_PREVIEW_RECORDS,
  IMPORT_PROBLEMS_KEPT,
  IMPORT_RUN_JOB,
  IMPORT_UNDO_JOB,
  MAX_IMPORT_BYTES,
  importRunStream,
  ImportFormFields,
  ImportKindName,
  ImportMappingBody,
  ValueMappingsBody,
  guessMapping,
  type EventStore,
  type ImportPreviewAnswer,
  type ImportRunJobData,
} from '@allot/shared-events';
import { requires } from '../authorization/routeRequirement.js';
import { commandOptionsFor, parseRequest, workingUserOf } from '../commandHandling/httpCommand.js';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { DomainRuleError, ForbiddenError, NotFoundError } from '../errors/errors.js';
import type { Jobs } from '../jobs/port.js';
import { planImport, sourceRowsOf } from './planImport.js';
import { sendTemplate } from './templates.js';
import { jsonField as json, readMultipartFile, tableOf } from './multipartForm.js';
import { importRunDecider } from './runs/decider.js';
import { loadImportSpec } from './specs/importSpecCommands.js';
import { loadImportWorld } from './world.js';

export interface ImportRouteOptions {
  store: EventStore;
  jobs: Pick<Jobs, 'enqueue' | 'stop' | 'status'>;
}

const RunParams = z.strictObject({ id: z.string().trim().min(1).max(100) });
const TemplateParams = z.strictObject({ kind: ImportKindName });
const TemplateQuery = z.strictObject({ format: z.enum(['csv', 'xlsx']).default('csv') });

interface ImportForm {
  fields: ImportFormFields;
  fileName: string;
  file: Buffer;
}

async function readForm(request: FastifyRequest): Promise<ImportForm> {
  const form = await readMultipartFile(request);
  return { ...form, fields: parseRequest(ImportFormFields, form.fields) };
}

/**
 * Imports (docs/data-services.md "Imports"), in Data Services: POST /api/imports/preview reads a
 * CSV or XLSX file and answers what a run would do (nothing written); POST /api/imports/runs
 * starts the run as a job (202, its progress on the socket); POST /api/imports/runs/:id/stop
 * stops it between records; GET /api/imports/templates/:kind the empty file of a kind. Each
 * needs `create` on DataServices (admins and academic operations admins with data services on);
 * every record then goes through its own command with the runner's rights.
 */
export function importRoutes(
  fastify: FastifyInstance,
  options: ImportRouteOptions,
  done: (err?: Error) => void,
): void {
  const { store, jobs } = options;
  const config = requires('create', 'DataServices');
  void fastify.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 },
  });

  /** The form, its file as a table, and how it maps: a saved import's, the form's, or guessed. */
  async function planned(request: FastifyRequest) {
    const form = await readForm(request);
    const table = await tableOf(form);
    const kind = IMPORT_KINDS[form.fields.kind];
    if (form.fields.specId) {
      const spec = await loadImportSpec(store, form.fields.specId);
      if (spec.status !== 'live') throw new NotFoundError('There is no such saved import.');
      if (spec.definition.kind !== form.fields.kind) {
        throw new DomainRuleError(
          `This saved import reads ${IMPORT_KINDS[spec.definition.kind].label.toLowerCase()}, not ${kind.label.toLowerCase()}.`,
        );
      }
      const { id, name, mapping, valueMappings, removeMissing, acceptConflicts } = spec.definition;
      return {
        form,
        table,
        mapping,
        valueMappings,
        removeMissing,
        acceptConflicts,
        spec: { id, name },
      };
    }
    const mapping =
      json(ImportMappingBody, form.fields.mapping, 'mapping') ?? guessMapping(kind, table.headings);
    const valueMappings = json(ValueMappingsBody, form.fields.valueMappings, 'valueMappings') ?? {};
    // Only a saved import removes what its file leaves out: that is decided once, not per run.
    return {
      form,
      table,
      mapping,
      valueMappings,
      removeMissing: false,
      acceptConflicts: false,
      spec: null,
    };
  }

  fastify.post(
    '/api/imports/preview',
    { config },
    async (request): Promise<ImportPreviewAnswer> => {
      const { form, table, mapping, valueMappings, removeMissing } = await planned(request);
      const ability = request.ability;
      if (!ability) throw new ForbiddenError();
      const plan = await planImport(
        form.fields.kind,
        sourceRowsOf(form.fields.kind, table, mapping, valueMappings),
        await loadImportWorld(store),
        ability,
        { removeMissing },
      );
      // Refused records first: they are what a person has to fix.
      const order = {
        refused: 0,
        remove: 1,
        create: 2,
        update: 3,
        missing: 4,
        unchanged: 5,
      } as const;
      const records = [...plan.records]
        .sort((a, b) => order[a.action] - order[b.action] || (a.rows[0] ?? 0) - (b.rows[0] ?? 0))
        .slice(0, IMPORT_PREVIEW_RECORDS)
        .map(({ key, rows, action, changes, problems }) => ({
          key,
          rows,
          action,
          changes,
          problems: problems.slice(0, IMPORT_PROBLEMS_KEPT),
        }));
      return {
        kind: form.fields.kind,
        fileName: form.fileName,
        headings: table.headings,
        mapping,
        counts: plan.counts,
        problems: plan.problems,
        removeMissing,
        removalBlocked: plan.removalBlocked,
        records,
      };
    },
  );

  fastify.post('/api/imports/runs', { config }, async (request, reply) => {
    const { form, table, mapping, valueMappings, removeMissing, acceptConflicts, spec } =
      await planned(request);
    const runId = randomUUID();
    const commandOptions = commandOptionsFor(request);
    await fastify.commandBus.execute(
      'StartImportRun',
      {
        id: runId,
        kind: form.fields.kind,
        fileName: form.fileName,
        rows: table.rows.length,
        spec,
      },
      { ...commandOptions, correlationId: runId },
    );
    const data: ImportRunJobData = {
      runId,
      kind: form.fields.kind,
      fileName: form.fileName,
      mapping,
      valueMappings,
      removeMissing,
      acceptConflicts,
      table,
    };
    await jobs.enqueue(IMPORT_RUN_JOB, data, {
      ownerId: commandOptions.actorId ?? '',
      jobId: runId,
    });
    return reply.code(202).send({ id: runId });
  });

  fastify.post('/api/imports/runs/:id/stop', { config }, async (request, reply) => {
    const { id } = parseRequest(RunParams, request.params);
    const status = await jobs.status(id);
    if (!status || status.name !== IMPORT_RUN_JOB)
      throw new NotFoundError('There is no such import run.');
    // Only who started it stops it (the job runs as them).
    if (status.ownerId !== request.session?.workingUserId) {
      throw new ForbiddenError('Only the person who started this import can stop it.');
    }
    await jobs.stop(id);
    return reply.code(204).send();
  });

  // Undone as a whole, as a job (progress on the socket); its end is recorded on the run.
  fastify.post('/api/imports/runs/:id/undo', { config }, async (request, reply) => {
    const { id } = parseRequest(RunParams, request.params);
    const run = (await loadAggregate(store, importRunDecider, importRunStream(id))).state;
    if (run.status === 'none') throw new NotFoundError('There is no such import run.');
    if (run.status === 'running') {
      throw new DomainRuleError('This import is still running: stop it or wait for its end.');
    }
    if (run.status === 'undone') throw new DomainRuleError('This import is undone already.');
    const jobId = `undo-${id}-${randomUUID()}`;
    await jobs.enqueue(IMPORT_UNDO_JOB, { runId: id }, { ownerId: workingUserOf(request), jobId });
    return reply.code(202).send({ id: jobId });
  });

  fastify.get('/api/imports/templates/:kind', { config }, async (request, reply) => {
    const { kind } = parseRequest(TemplateParams, request.params);
    const { format } = parseRequest(TemplateQuery, request.query);
    return sendTemplate(reply, `allot-${kind}-template`, IMPORT_KINDS[kind], format);
  });
  done();
}

import { createHash, randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  EFFORT_IMPORT_JOB,
  EFFORT_LINE_COLUMNS,
  EFFORT_PREVIEW_PROBLEMS,
  EFFORT_PREVIEW_SAMPLE,
  EFFORT_RECLASSIFY_JOB,
  EffortImportFormFields,
  EffortMappingBody,
  MAX_IMPORT_BYTES,
  guessMapping,
  type EffortImportJobData,
  type EffortImportPreviewAnswer,
  type EventStore,
} from '@allot/shared-events';
import { requires } from '../../authorization/routeRequirement.js';
import {
  commandOptionsFor,
  parseRequest,
  workingUserOf,
} from '../../commandHandling/httpCommand.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors/errors.js';
import type { Jobs } from '../../jobs/port.js';
import { jsonField, readMultipartFile, tableOf } from '../../imports/multipartForm.js';
import { sendTemplate } from '../../imports/templates.js';
import type { UploadFiles } from '../../uploads/port.js';
import { loadEffortWorld } from './effortWorld.js';
import { planEffortLines } from './planEffortLines.js';

export interface EffortImportRouteOptions {
  store: EventStore;
  jobs: Pick<Jobs, 'enqueue' | 'stop' | 'status'>;
  /** Keeps each import's payroll file, downloadable from the import (spec §3 Uploads). */
  uploads?: UploadFiles;
}

/** What the kept file is, as its name says (the import read it as CSV or XLSX by its bytes). */
function contentTypeOf(fileName: string): string {
  if (/\.xlsx$/i.test(fileName)) {
    return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  }
  return /\.(csv|txt)$/i.test(fileName) ? 'text/csv' : 'application/octet-stream';
}

const IdParams = z.strictObject({ id: z.string().trim().min(1).max(100) });
const TemplateQuery = z.strictObject({ format: z.enum(['csv', 'xlsx']).default('csv') });
const EFFORT_KIND = { label: 'Effort', columns: EFFORT_LINE_COLUMNS };

/**
 * Importing effort (docs/effort.md "Importing effort"), each route needing `create` on
 * EffortImport (effort managers, with effort management on): POST /api/effort/imports/preview
 * reads a CSV or XLSX payroll file and answers every row's problems and what would be written
 * (nothing is); POST /api/effort/imports starts the import as a job (202, progress on the
 * socket); .../:id/stop stops it between batches; .../:id/undo undoes it as a whole; GET
 * /api/effort/importTemplate the empty file. POST /api/effort/reclassify classifies every
 * current line again by today's rules, as a job (update on EffortRule).
 */
export function effortImportRoutes(
  fastify: FastifyInstance,
  options: EffortImportRouteOptions,
  done: (err?: Error) => void,
): void {
  const { store, jobs, uploads } = options;
  const config = requires('create', 'EffortImport');
  void fastify.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 },
  });

  /** The form, its file as a table, the mode, the pay period replaced and the columns. */
  async function planned(request: FastifyRequest) {
    const form = await readMultipartFile(request);
    const fields = parseRequest(EffortImportFormFields, form.fields);
    const table = await tableOf(form);
    const world = await loadEffortWorld(store);
    const payPeriodId = fields.mode === 'replacePayPeriod' ? (fields.payPeriodId ?? null) : null;
    if (fields.mode === 'replacePayPeriod' && !payPeriodId) {
      throw new ValidationError(
        [{ field: 'payPeriodId', message: 'Required' }],
        'Choose the pay period this import replaces.',
      );
    }
    if (payPeriodId && !world.payPeriodById(payPeriodId)) {
      throw new ValidationError(
        [{ field: 'payPeriodId', message: 'does not exist' }],
        'There is no such pay period.',
      );
    }
    const mapping =
      jsonField(EffortMappingBody, fields.mapping, 'mapping') ??
      guessMapping(EFFORT_KIND, table.headings);
    return { form, table, mode: fields.mode, payPeriodId, mapping, world };
  }

  fastify.post(
    '/api/effort/imports/preview',
    { config },
    async (request): Promise<EffortImportPreviewAnswer> => {
      const { form, table, mode, payPeriodId, mapping, world } = await planned(request);
      const plan = planEffortLines(table, mapping, mode, payPeriodId, world);
      const sample = plan.lines.slice(0, EFFORT_PREVIEW_SAMPLE).map((line) => ({
        line: line.line,
        instructor: world.personName(line.UserId),
        positionNumber: line.positionNumber,
        payPeriod: world.payPeriodById(line.EffortPayPeriodId)?.code ?? '',
        effortPercent: line.effortPercent,
        amount: line.amount,
        category: world.categoryName(line.EffortCategoryId),
        type: world.typeName(line.EffortTypeId),
      }));
      return {
        fileName: form.fileName,
        headings: table.headings,
        mapping,
        mode,
        counts: {
          rows: table.rows.length,
          lines: plan.lines.length,
          refused: plan.refused,
          unclassified: plan.unclassified,
          positionsToCreate: plan.positionsToCreate.length,
        },
        problems: plan.problems.slice(0, EFFORT_PREVIEW_PROBLEMS),
        problemCount: plan.problems.length,
        sample,
      };
    },
  );

  fastify.post('/api/effort/imports', { config }, async (request, reply) => {
    const { form, table, mode, payPeriodId, mapping } = await planned(request);
    const importId = randomUUID();
    const commandOptions = commandOptionsFor(request);
    const sha256 = createHash('sha256').update(form.file).digest('hex');
    // Kept first, so an import never exists without its file; dropped again if it is refused.
    await uploads?.keep({
      id: importId,
      kind: 'effortImport',
      fileName: form.fileName,
      contentType: contentTypeOf(form.fileName),
      bytes: form.file,
      sha256,
      senderId: commandOptions.actorId ?? null,
      createdAt: new Date(),
    });
    try {
      await fastify.commandBus.execute(
        'StartEffortImport',
        {
          id: importId,
          fileName: form.fileName,
          size: form.file.length,
          sha256,
          mode,
          EffortPayPeriodId: payPeriodId,
          rows: table.rows.length,
        },
        { ...commandOptions, correlationId: importId },
      );
    } catch (err) {
      await uploads?.remove(importId);
      throw err;
    }
    const data: EffortImportJobData = { importId, mode, payPeriodId, mapping, table };
    await jobs.enqueue(EFFORT_IMPORT_JOB, data, {
      ownerId: commandOptions.actorId ?? '',
      jobId: importId,
    });
    return reply.code(202).send({ id: importId });
  });

  fastify.post('/api/effort/imports/:id/stop', { config }, async (request, reply) => {
    const { id } = parseRequest(IdParams, request.params);
    const status = await jobs.status(id);
    if (!status || status.name !== EFFORT_IMPORT_JOB) {
      throw new NotFoundError('There is no such effort import running.');
    }
    if (status.ownerId !== request.session?.workingUserId) {
      throw new ForbiddenError('Only the person who started this import can stop it.');
    }
    await jobs.stop(id);
    return reply.code(204).send();
  });

  fastify.post('/api/effort/imports/:id/undo', { config }, async (request, reply) => {
    const { id } = parseRequest(IdParams, request.params);
    const result = await fastify.commandBus.execute(
      'UndoEffortImport',
      { id },
      commandOptionsFor(request),
    );
    return reply.code(200).send(result);
  });

  fastify.get('/api/effort/importTemplate', { config }, async (request, reply) => {
    const { format } = parseRequest(TemplateQuery, request.query);
    return sendTemplate(reply, 'allot-effort-template', EFFORT_KIND, format);
  });

  fastify.post(
    '/api/effort/reclassify',
    { config: requires('update', 'EffortRule') },
    async (request, reply) => {
      const job = await jobs.enqueue(
        EFFORT_RECLASSIFY_JOB,
        { requestedAt: new Date().toISOString() },
        { ownerId: workingUserOf(request) },
      );
      return reply.code(202).send({ id: job.id });
    },
  );
  done();
}

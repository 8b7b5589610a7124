import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CheckedImportSpecBody, IMPORT_SPEC_RUN_JOB, type EventStore } from '@allot/shared-events';
import { requires } from '../../authorization/routeRequirement.js';
import {
  commandOptionsFor,
  parseRequest,
  workingUserOf,
} from '../../commandHandling/httpCommand.js';
import { DomainRuleError, ForbiddenError, NotFoundError } from '../../errors/errors.js';
import type { Jobs } from '../../jobs/port.js';
import { loadImportSpec } from './importSpecCommands.js';
import { syncImportSpecSchedule } from './importSpecSchedules.js';

const Params = z.strictObject({ id: z.string().trim().min(1).max(100) });

export interface ImportSpecRouteOptions {
  store: EventStore;
  jobs: Pick<Jobs, 'enqueue' | 'schedule' | 'unschedule'>;
}

/**
 * Saved imports (docs/data-services.md "Saved imports"): POST /api/importSpecs, PUT and DELETE
 * /api/importSpecs/:id; POST /api/importSpecs/:id/runs runs one now from its source (202, the
 * run's id to follow). Every route needs `read` on DataServices before the body is read; the
 * commands check create, update and delete. A saved import's schedule runs as whoever saved it
 * last, so each save sets it anew on the jobs port.
 */
export function importSpecRoutes(
  fastify: FastifyInstance,
  options: ImportSpecRouteOptions,
  done: (err?: Error) => void,
): void {
  const { store, jobs } = options;
  const config = requires('read', 'DataServices');

  async function scheduleOf(request: FastifyRequest, id: string): Promise<void> {
    try {
      const spec = await loadImportSpec(store, id);
      const live = spec.status === 'live' ? spec.definition : null;
      await syncImportSpecSchedule(jobs, {
        id,
        schedule: live?.schedule ?? null,
        timeZone: live?.timeZone ?? 'UTC',
        ownerId: workingUserOf(request) || null,
      });
    } catch (err) {
      // Saved all the same: the next start sets the schedule from the log.
      request.log.error({ err, importSpecId: id }, 'saved import schedule');
    }
  }

  fastify.post('/api/importSpecs', { config }, async (request, reply) => {
    const body = parseRequest(CheckedImportSpecBody, request.body);
    const id = randomUUID();
    const result = await fastify.commandBus.execute(
      'CreateImportSpec',
      { ...body, id },
      commandOptionsFor(request),
    );
    await scheduleOf(request, id);
    return reply.code(201).send(result);
  });

  fastify.put('/api/importSpecs/:id', { config }, async (request) => {
    const { id } = parseRequest(Params, request.params);
    const body = parseRequest(CheckedImportSpecBody, request.body);
    const result = await fastify.commandBus.execute(
      'UpdateImportSpec',
      { ...body, id },
      commandOptionsFor(request),
    );
    await scheduleOf(request, id);
    return result;
  });

  fastify.delete('/api/importSpecs/:id', { config }, async (request) => {
    const { id } = parseRequest(Params, request.params);
    const result = await fastify.commandBus.execute(
      'DeleteImportSpec',
      { id },
      commandOptionsFor(request),
    );
    await scheduleOf(request, id);
    return result;
  });

  // A run now, from the saved import's own source, as the person asking (a job: 202).
  fastify.post('/api/importSpecs/:id/runs', { config }, async (request, reply) => {
    const { id } = parseRequest(Params, request.params);
    if (!request.ability?.can('create', 'DataServices')) throw new ForbiddenError();
    const spec = await loadImportSpec(store, id);
    if (spec.status !== 'live') throw new NotFoundError('There is no such saved import.');
    if (!spec.definition.source) {
      throw new DomainRuleError(
        'This saved import reads files people upload: choose a file to import with it.',
      );
    }
    const runId = randomUUID();
    await jobs.enqueue(
      IMPORT_SPEC_RUN_JOB,
      { specId: id, runId },
      { ownerId: workingUserOf(request), jobId: runId },
    );
    return reply.code(202).send({ id: runId });
  });
  done();
}

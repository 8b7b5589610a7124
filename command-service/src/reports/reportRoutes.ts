import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateSavedReportBody,
  TakeReportSnapshotBody,
  UpdateSavedReportBody,
} from '@allot/shared-events';
import { requires } from '../authorization/routeRequirement.js';
import { commandOptionsFor, parseRequest } from '../commandHandling/httpCommand.js';

const Params = z.object({ id: z.string().trim().min(1).max(100) });

/**
 * Saved reports and snapshots (docs/reports.md): POST, PUT and DELETE /api/reports[/:id], POST
 * and DELETE /api/reportSnapshots[/:id]. Every route needs `create` on Report (so people who may
 * not make reports are refused before the body is read); the commands check the rest: a system
 * report or sharing needs `manage`, another's report `update` or `delete`.
 */
export function reportWriteRoutes(
  fastify: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  const config = requires('create', 'Report');

  fastify.post('/api/reports', { config }, async (request, reply) => {
    const body = parseRequest(CreateSavedReportBody, request.body);
    const result = await fastify.commandBus.execute(
      'CreateSavedReport',
      { ...body, id: randomUUID() },
      commandOptionsFor(request),
    );
    return reply.code(201).send(result);
  });

  fastify.put('/api/reports/:id', { config }, async (request) => {
    const { id } = parseRequest(Params, request.params);
    const body = parseRequest(UpdateSavedReportBody, request.body);
    return fastify.commandBus.execute(
      'UpdateSavedReport',
      { ...body, id },
      commandOptionsFor(request),
    );
  });

  fastify.delete('/api/reports/:id', { config }, async (request) => {
    const { id } = parseRequest(Params, request.params);
    return fastify.commandBus.execute('DeleteSavedReport', { id }, commandOptionsFor(request));
  });

  fastify.post('/api/reportSnapshots', { config }, async (request, reply) => {
    const body = parseRequest(TakeReportSnapshotBody, request.body);
    const result = await fastify.commandBus.execute(
      'TakeReportSnapshot',
      { ...body, id: randomUUID() },
      commandOptionsFor(request),
    );
    return reply.code(201).send(result);
  });

  fastify.delete('/api/reportSnapshots/:id', { config }, async (request) => {
    const { id } = parseRequest(Params, request.params);
    return fastify.commandBus.execute('DeleteReportSnapshot', { id }, commandOptionsFor(request));
  });

  done();
}

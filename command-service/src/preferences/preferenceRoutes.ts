import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requires } from '../authorization/routeRequirement.js';
import { commandOptionsFor, parseRequest } from '../commandHandling/httpCommand.js';
import { ValidationError } from '../errors/errors.js';

const id = z.string().trim().min(1).max(100);
const PeriodParams = z.object({ AcademicPeriodId: id }).strict();
const PreferenceParams = z.object({ AcademicPeriodId: id, id }).strict();
const SubmissionParams = z.object({ UserId: id, AcademicPeriodId: id }).strict();
const BODY_LIMIT = 64 * 1024;

/** A JSON object body (absent = {}), else 400; the command's strict schema checks its keys. */
function body(request: FastifyRequest): Record<string, unknown> {
  const value: unknown = request.body ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidationError([{ field: '', message: 'the body must be a JSON object' }]);
  }
  return value as Record<string, unknown>;
}

/**
 * Teaching preferences (issue 6). A faculty member's own routes take the user from the session's
 * working user, never from the request: no parameter reaches another user's preferences. Path
 * values win over the body.
 */
export function preferenceWriteRoutes(
  fastify: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  const run = (name: string, payload: Record<string, unknown>, request: FastifyRequest) =>
    fastify.commandBus.execute(name, payload, commandOptionsFor(request));
  const mine = (request: FastifyRequest) => ({ UserId: request.session?.workingUserId ?? '' });
  const opts = (action: string, subject: string) => ({
    bodyLimit: BODY_LIMIT,
    config: requires(action, subject),
  });
  const base = '/api/teachingPreferences/mine/:AcademicPeriodId';

  fastify.post(base, opts('manage', 'MyTeachingPreference'), async (request, reply) => {
    const params = parseRequest(PeriodParams, request.params);
    const payload = { ...body(request), ...params, ...mine(request), id: randomUUID() };
    return reply.code(201).send(await run('AddTeachingPreference', payload, request));
  });
  fastify.put(`${base}/unavailable`, opts('manage', 'MyTeachingPreference'), async (request) => {
    const params = parseRequest(PeriodParams, request.params);
    return run('SetUnavailableTimes', { ...body(request), ...params, ...mine(request) }, request);
  });
  fastify.post(`${base}/submit`, opts('manage', 'MyTeachingPreference'), async (request) => {
    const params = parseRequest(PeriodParams, request.params);
    return run(
      'SubmitTeachingPreferences',
      { ...body(request), ...params, ...mine(request) },
      request,
    );
  });
  fastify.put(`${base}/:id`, opts('manage', 'MyTeachingPreference'), async (request) => {
    const params = parseRequest(PreferenceParams, request.params);
    return run(
      'UpdateTeachingPreference',
      { ...body(request), ...params, ...mine(request) },
      request,
    );
  });
  fastify.delete(
    `${base}/:id`,
    { config: requires('manage', 'MyTeachingPreference') },
    async (request) => {
      const params = parseRequest(PreferenceParams, request.params);
      return run('RemoveTeachingPreference', { ...params, ...mine(request) }, request);
    },
  );

  // Staff reopen a submission (manage Instructor: admin, academicOpsAdmin).
  fastify.post(
    '/api/preferenceSubmissions/:UserId/:AcademicPeriodId/reopen',
    opts('manage', 'Instructor'),
    async (request) => {
      const params = parseRequest(SubmissionParams, request.params);
      return run('ReopenTeachingPreferences', { ...body(request), ...params }, request);
    },
  );
  done();
}

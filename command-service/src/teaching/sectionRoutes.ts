import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { commandOptionsFor, parseRequest } from '../commandHandling/httpCommand.js';
import { requires } from '../authorization/routeRequirement.js';
import { ValidationError } from '../errors/errors.js';

const id = z.string().trim().min(1).max(100);
const SectionParams = z.object({ id });
const AssignmentParams = z.object({ id, assignmentId: id });
const MeetingParams = z.object({ id, meetingId: id });
const BODY_LIMIT = 256 * 1024;

/** A JSON object body (absent = {}), else 400; the command's strict schema checks its keys. */
function body(request: FastifyRequest): Record<string, unknown> {
  const value: unknown = request.body ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ValidationError([{ field: '', message: 'the body must be a JSON object' }]);
  }
  return value as Record<string, unknown>;
}

/**
 * Write routes of sections and their teaching assignments (issue 6). Ids in the path win over
 * the body; new ids are the server's. Each route declares the bare ability it needs; the command
 * then checks the section's own WorkgroupId (bits at progress step 6) against the same rules.
 */
export function sectionWriteRoutes(
  fastify: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  const run = (name: string, payload: Record<string, unknown>, request: FastifyRequest) =>
    fastify.commandBus.execute(name, payload, commandOptionsFor(request));
  const opts = (action: string, subject: string) => ({
    bodyLimit: BODY_LIMIT,
    config: requires(action, subject),
  });

  fastify.post('/api/sections', opts('create', 'Section'), async (request, reply) => {
    const result = await run('CreateSection', { ...body(request), id: randomUUID() }, request);
    return reply.code(201).send(result);
  });
  fastify.put('/api/sections/:id', opts('update', 'Section'), async (request) => {
    const params = parseRequest(SectionParams, request.params);
    return run('UpdateSection', { ...body(request), ...params }, request);
  });
  fastify.delete('/api/sections/:id', { config: requires('manage', 'Section') }, async (request) =>
    run('DeleteSection', parseRequest(SectionParams, request.params), request),
  );

  // The schedule: whoever manages Scheduler (sectionScheduler included) sets and moves meetings.
  fastify.put('/api/sections/:id/meetings', opts('update', 'Scheduler'), async (request) => {
    const params = parseRequest(SectionParams, request.params);
    return run('SetMeetings', { ...body(request), ...params }, request);
  });
  fastify.post(
    '/api/sections/:id/meetings/:meetingId/move',
    opts('update', 'Scheduler'),
    async (request) => {
      const params = parseRequest(MeetingParams, request.params);
      return run('MoveMeeting', { ...body(request), ...params }, request);
    },
  );

  fastify.post(
    '/api/sections/:id/assignments',
    opts('assign', 'Section'),
    async (request, reply) => {
      const params = parseRequest(SectionParams, request.params);
      const payload = { ...body(request), ...params, assignmentId: randomUUID() };
      return reply.code(201).send(await run('AssignInstructor', payload, request));
    },
  );
  const assignment = '/api/sections/:id/assignments/:assignmentId';
  fastify.put(assignment, opts('assign', 'Section'), async (request) => {
    const params = parseRequest(AssignmentParams, request.params);
    return run('ChangeAssignment', { ...body(request), ...params }, request);
  });
  fastify.post(`${assignment}/withdraw`, opts('assign', 'Section'), async (request) => {
    const params = parseRequest(AssignmentParams, request.params);
    return run('WithdrawAssignment', { ...body(request), ...params }, request);
  });
  fastify.delete(assignment, { config: requires('assign', 'Section') }, async (request) =>
    run('UnassignInstructor', parseRequest(AssignmentParams, request.params), request),
  );
  // Two approvals, two routes: the workgroup's (bit 1 at step 6) and academic affairs' (final).
  fastify.post(`${assignment}/approve`, opts('approve', 'Section'), async (request) => {
    const params = parseRequest(AssignmentParams, request.params);
    return run('ApproveAssignment', { ...body(request), ...params, level: 'workgroup' }, request);
  });
  fastify.post(`${assignment}/finalize`, opts('approve', 'SectionAssignment'), async (request) => {
    const params = parseRequest(AssignmentParams, request.params);
    return run(
      'ApproveAssignment',
      { ...body(request), ...params, level: 'academicAffairs' },
      request,
    );
  });
  done();
}

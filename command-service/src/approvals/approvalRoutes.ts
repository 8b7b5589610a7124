import type { FastifyInstance } from 'fastify';
import { RecordProgressAction, RecordProgressActionBody } from '@allot/shared-events';
import { requires } from '../authorization/routeRequirement.js';
import { commandOptionsFor, parseRequest } from '../commandHandling/httpCommand.js';
import { ForbiddenError } from '../errors/errors.js';
import { mayRecord } from './approvalCommands.js';

/** The address names the workgroup, the step and the action; the body may add a comment. */
const Params = RecordProgressAction.omit({ comment: true });

/**
 * POST /api/progressSteps/:ProgressStepId/workgroups/:WorkgroupId/:action (submit, approve,
 * return) with an optional comment: a workgroup's progress action at a step (DESIGN §7). The
 * route needs the bare ability; the command checks the workgroup's own bits.
 */
export function approvalWriteRoutes(
  fastify: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  fastify.post(
    '/api/progressSteps/:ProgressStepId/workgroups/:WorkgroupId/:action',
    { bodyLimit: 16 * 1024, config: requires('read', 'Section') },
    async (request) => {
      const params = parseRequest(Params, request.params);
      // Who may not act on this workgroup learns nothing from the body's validation.
      if (!mayRecord(request.ability, params)) throw new ForbiddenError();
      const body = parseRequest(RecordProgressActionBody, request.body ?? {});
      return fastify.commandBus.execute(
        'RecordProgressAction',
        { ...params, ...body },
        commandOptionsFor(request),
      );
    },
  );
  done();
}

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  BulkApprovalBody,
  comparePositions,
  tokenToPosition,
  type BulkApprovalAnswer,
} from '@allot/shared-events';
import { requires } from '../authorization/routeRequirement.js';
import { commandOptionsFor, parseRequest } from '../commandHandling/httpCommand.js';
import { errorResponse } from '../errors/errorHandlerPlugin.js';
import { ValidationError } from '../errors/errors.js';

/** The two levels, as the single routes have them: each route needs its own approval right. */
const LEVELS = [
  { path: '/api/sectionAssignments/approve', level: 'workgroup', subject: 'Section' },
  {
    path: '/api/sectionAssignments/finalize',
    level: 'academicAffairs',
    subject: 'SectionAssignment',
  },
] as const;

/**
 * Bulk approval: ApproveAssignment once per `{ SectionId, id }` through the command bus with the
 * caller's ability, so each item meets every rule the single route does (bits at step 6, no
 * skipping, 404, 422). Items are independent: a refused one is reported and the rest go on; a
 * bad body (400) writes nothing. Run one after another: a batch usually names few sections many
 * times, and one command per section at a time never races itself.
 */
export function bulkApprovalRoutes(
  fastify: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  for (const { path, level, subject } of LEVELS) {
    fastify.post(
      path,
      { bodyLimit: 64 * 1024, config: requires('approve', subject) },
      async (request): Promise<BulkApprovalAnswer> => {
        const { assignments } = parseRequest(BulkApprovalBody, request.body ?? {});
        const { expectedRevision, ...options } = commandOptionsFor(request);
        if (expectedRevision !== undefined) {
          throw new ValidationError([
            { field: 'If-Match', message: 'a batch spans several sections: send no If-Match' },
          ]);
        }
        // One correlation id for the batch: the history shows the approvals as one action.
        const correlationId = options.correlationId ?? randomUUID();
        const answer: BulkApprovalAnswer = { approved: [], refused: [], position: null };
        for (const item of assignments) {
          try {
            const result = await fastify.commandBus.execute(
              'ApproveAssignment',
              { id: item.SectionId, assignmentId: item.id, level },
              { ...options, correlationId },
            );
            answer.approved.push({ ...item, revision: result.revision });
            answer.position = later(answer.position, result.position);
          } catch (error) {
            const refusal = errorResponse(error);
            if (!refusal || refusal.statusCode >= 500) {
              request.log.error({ err: error, item }, 'bulk approval: an item failed');
            }
            answer.refused.push({
              ...item,
              statusCode: refusal?.statusCode ?? 500,
              message: refusal?.message ?? 'Something went wrong on our side.',
            });
          }
        }
        return answer;
      },
    );
  }
  done();
}

/** The later of two position tokens (the store's order: commit, then prepare). */
function later(current: string | null, next: string): string {
  const a = current === null ? null : tokenToPosition(current);
  const b = tokenToPosition(next);
  if (current !== null && a && b && comparePositions(a, b) > 0) return current;
  return next;
}

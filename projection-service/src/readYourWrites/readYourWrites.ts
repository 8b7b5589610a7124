import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { tokenToPosition } from '@allot/shared-events';
import type { PositionWaiter } from '../runner/runner.js';

export const POSITION_HEADER = 'x-allot-position';
export const STALE_HEADER = 'X-Allot-Stale';
/** The longest a GET may be held back (the bound). */
export const MAX_WAIT_MS = 2000;

export interface ReadYourWritesOptions {
  /** The in-process runner, or `createCheckpointWaiter` when the runner runs elsewhere. */
  waiter: PositionWaiter;
  /**
   * Projections a route reads, by its route pattern (e.g. `/api/sections/:id`). Undefined waits
   * for every projection; an empty list never waits.
   */
  projectionsFor: (routeUrl: string) => readonly string[] | undefined;
  /** At most `MAX_WAIT_MS`. */
  maxWaitMs?: number;
}

/**
 * A Fastify preHandler for read routes: a request carrying `X-Allot-Position` (the token a command
 * answered) waits until the route's projections have passed that position, at most `maxWaitMs`;
 * after that it is answered anyway with `X-Allot-Stale: true`. A malformed token answers 400.
 */
export function readYourWrites(options: ReadYourWritesOptions): preHandlerAsyncHookHandler {
  const maxWaitMs = Math.min(Math.max(options.maxWaitMs ?? MAX_WAIT_MS, 0), MAX_WAIT_MS);
  return async function waitForPosition(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[POSITION_HEADER];
    if (header === undefined) return;
    const position = typeof header === 'string' ? tokenToPosition(header) : null;
    if (!position) {
      return reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message:
          'X-Allot-Position must be one position token "<transaction>:<position>" as a command answered it.',
      });
    }
    const names = options.projectionsFor(request.routeOptions.url ?? request.url);
    if (names?.length === 0) return;
    const passed = await options.waiter.waitFor(position, names, maxWaitMs);
    if (!passed) void reply.header(STALE_HEADER, 'true');
  };
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ChangeSettingBody } from '@allot/shared-events';
import { commandOptionsFor, parseRequest } from '../commandHandling/httpCommand.js';

const Params = z.object({ machineName: z.string() });

/** Settings values are short; refuse big bodies before parsing them. */
const BODY_LIMIT = 64 * 1024;

export function settingsRoutes(
  fastify: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  fastify.put('/api/settings/:machineName', { bodyLimit: BODY_LIMIT }, async (request) => {
    const { machineName } = parseRequest(Params, request.params);
    const { value } = parseRequest(ChangeSettingBody, request.body);
    return fastify.commandBus.execute(
      'ChangeSetting',
      { machineName, value },
      commandOptionsFor(request),
    );
  });
  done();
}

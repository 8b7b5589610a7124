import type { FastifyReply } from 'fastify';

/** The 401 every protected call answers without a session (DESIGN §7). */
export function sendUnauthorized(reply: FastifyReply): FastifyReply {
  return reply
    .code(401)
    .send({ statusCode: 401, error: 'Unauthorized', message: 'Please log in.' });
}

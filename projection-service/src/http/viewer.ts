import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { subjectOf, type AppAbility } from '@allot/shared-events';

/** Who is reading: the working user, their abilities and their working period. */
export interface ResourceViewer {
  userId: string;
  ability: AppAbility;
  /** The user's working period, else the institution's active one. */
  workingAcademicPeriodId: string | null;
}

/** Null when the request has no (valid) session. */
export type ViewerResolver = (request: FastifyRequest) => Promise<ResourceViewer | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Who reads (`viewerPlugin`), null when signed out. Resolved in a preHandler after the
     * read-your-writes wait, so a command's change to the user's roles is already seen.
     */
    viewer: ResourceViewer | null;
  }
}

/** Without a resolver nobody is signed in, so every resource read answers 401. */
export const noViewer: ViewerResolver = () => Promise.resolve(null);

export interface ViewerPluginOptions {
  /** Defaults to `noViewer`: nobody is signed in. */
  resolve?: ViewerResolver | undefined;
}

/**
 * Decorates `request.viewer` for the routes of the context it is registered in, as the command
 * service decorates `request.ability`. Its preHandler runs after those of the enclosing contexts
 * (the read-your-writes wait) and before the routes' own.
 */
export const viewerPlugin = fp(
  (fastify: FastifyInstance, options: ViewerPluginOptions, done: (err?: Error) => void) => {
    const resolve = options.resolve ?? noViewer;
    fastify.decorateRequest('viewer', null);
    fastify.addHook('preHandler', async (request) => {
      request.viewer = await resolve(request);
    });
    done();
  },
  { name: 'allot-viewer', fastify: '5.x' },
);

/**
 * The workgroups on whose sections the ability may do `action`: null when it may on every section,
 * else the ids its conditional rules name (workgroup members: `{ WorkgroupId: { $in: [...] } }`).
 */
export function workgroupsFor(ability: AppAbility, action: 'read' | 'approve'): string[] | null {
  if (ability.can(action, subjectOf('Section', { WorkgroupId: '\u0000no-workgroup' }))) return null;
  const ids = new Set<string>();
  for (const rule of ability.rulesFor(action, 'Section')) {
    if (rule.inverted) continue;
    const condition = (rule.conditions as { WorkgroupId?: { $in?: unknown } } | undefined)
      ?.WorkgroupId?.$in;
    if (Array.isArray(condition))
      for (const wg of condition) if (typeof wg === 'string') ids.add(wg);
  }
  return [...ids];
}

/** The workgroups whose sections the ability may read (null: every section). */
export const readableWorkgroups = (ability: AppAbility) => workgroupsFor(ability, 'read');

export function sendError(
  reply: FastifyReply,
  statusCode: 400 | 401 | 403 | 404,
  message: string,
  fields?: readonly { field: string; message: string }[],
): FastifyReply {
  const error = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
  }[statusCode];
  return reply.code(statusCode).send({ statusCode, error, message, ...(fields ? { fields } : {}) });
}

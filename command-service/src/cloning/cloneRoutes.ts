import type { FastifyInstance } from 'fastify';
import { CloneSettings, type ClonePreviewAnswer } from '@allot/shared-events';
import { requires } from '../authorization/routeRequirement.js';
import { parseRequest } from '../commandHandling/httpCommand.js';
import { NotFoundError } from '../errors/errors.js';
import { planClone } from './planClone.js';
import type { CloneSources } from './port.js';
import { previewOf } from './previewClone.js';

export interface CloneRouteOptions {
  sources: CloneSources;
}

/**
 * Clone Resources (docs/cloning.md; manage Clone: admin and academic operations):
 * POST /api/cloning/preview answers what a clone with these settings would create, what is there
 * already and what cannot be mapped (with the reasons), per kind; nothing is written.
 */
export function cloneRoutes(
  fastify: FastifyInstance,
  options: CloneRouteOptions,
  done: (err?: Error) => void,
): void {
  const config = requires('manage', 'Clone');

  fastify.post('/api/cloning/preview', { config }, async (request): Promise<ClonePreviewAnswer> => {
    const settings = parseRequest(CloneSettings, request.body);
    const snapshot = await options.sources.snapshot(
      settings.SourcePeriodId,
      settings.TargetPeriodId,
    );
    if (!snapshot) throw new NotFoundError('There is no such academic period.');
    return previewOf(planClone(settings, snapshot), snapshot);
  });
  done();
}

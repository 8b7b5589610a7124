import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  CLONE_JOB,
  CloneSettings,
  type CloneJobData,
  type ClonePreviewAnswer,
} from '@allot/shared-events';
import { requires } from '../authorization/routeRequirement.js';
import { commandOptionsFor, parseRequest, workingUserOf } from '../commandHandling/httpCommand.js';
import type { Jobs } from '../jobs/port.js';
import { stopOwnJob } from '../jobs/stopOwnJob.js';
import { NotFoundError } from '../errors/errors.js';
import { planClone } from './planClone.js';
import type { CloneSources } from './port.js';
import { previewOf } from './previewClone.js';

export interface CloneRouteOptions {
  sources: CloneSources;
  jobs: Pick<Jobs, 'enqueue' | 'status' | 'stop'>;
}

/**
 * Clone Resources (docs/cloning.md; manage Clone: admin and academic operations):
 * POST /api/cloning/preview answers what a clone with these settings would create, what is there
 * already and what cannot be mapped (with the reasons), per kind; nothing is written.
 * POST /api/cloning runs it as a job (202, its id; progress and result on the socket);
 * POST /api/cloning/:id/stop stops it between records (who started it only; what it made stays).
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

  fastify.post('/api/cloning', { config }, async (request, reply) => {
    const settings = parseRequest(CloneSettings, request.body);
    const snapshot = await options.sources.snapshot(
      settings.SourcePeriodId,
      settings.TargetPeriodId,
    );
    if (!snapshot) throw new NotFoundError('There is no such academic period.');
    // Recorded first, under the id its job and every record it creates carry.
    const id = randomUUID();
    await fastify.commandBus.execute(
      'StartClone',
      {
        id,
        settings,
        sourcePeriodName: snapshot.source.period.name,
        targetPeriodName: snapshot.target.period.name,
      },
      { ...commandOptionsFor(request), correlationId: id },
    );
    const data: CloneJobData = { settings };
    const job = await options.jobs.enqueue(CLONE_JOB, data, {
      ownerId: workingUserOf(request),
      jobId: id,
    });
    return reply.code(202).send({ id: job.id });
  });

  fastify.post('/api/cloning/:id/stop', { config }, async (request, reply) => {
    await stopOwnJob(options.jobs, request, CLONE_JOB, {
      notFound: 'There is no such clone running.',
      notOwner: 'Only the person who started this clone can stop it.',
    });
    return reply.code(204).send();
  });
  done();
}

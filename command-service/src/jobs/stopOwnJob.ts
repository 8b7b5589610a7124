import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseRequest } from '../commandHandling/httpCommand.js';
import { ForbiddenError, NotFoundError } from '../errors/errors.js';
import type { Jobs } from './port.js';

const JobParams = z.strictObject({ id: z.string().trim().min(1).max(100) });

/**
 * Stops the job the address names (`/…/:id/stop`) when it is a job of this name and the asker
 * started it: the job runs as them, so only they stop it. Otherwise 404 (in the caller's words)
 * or 403. What the job did before it stopped stays.
 */
export async function stopOwnJob(
  jobs: Pick<Jobs, 'status' | 'stop'>,
  request: FastifyRequest,
  name: string,
  words: { notFound: string; notOwner: string },
): Promise<void> {
  const { id } = parseRequest(JobParams, request.params);
  const status = await jobs.status(id);
  if (!status || status.name !== name) throw new NotFoundError(words.notFound);
  if (status.ownerId !== request.session?.workingUserId) throw new ForbiddenError(words.notOwner);
  await jobs.stop(id);
}

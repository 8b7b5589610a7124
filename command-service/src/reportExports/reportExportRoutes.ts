import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  REPORT_DEFINITIONS,
  REPORT_EXPORT_JOB,
  StartReportExportBody,
  isUnfinishedExport,
  type ReportExportAnswer,
  type ReportExportJobData,
} from '@allot/shared-events';
import type { Jobs } from '../jobs/port.js';
import { assertCan } from '../authorization/ability.js';
import { requires } from '../authorization/routeRequirement.js';
import { commandOptionsFor, parseRequest, workingUserOf } from '../commandHandling/httpCommand.js';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';
import type { ReportExportRecords } from './port.js';

export interface ReportExportRouteOptions {
  jobs: Pick<Jobs, 'enqueue' | 'status' | 'stop'>;
  records: ReportExportRecords;
}

const Params = z.object({ id: z.string().trim().min(1).max(100) }).strict();

const QUEUE_DOWN =
  'The export could not be started: the job queue did not answer. Please try again.';

/** The signed-in working user (the routes' requirement has answered 401 without one). */

/**
 * POST /api/reportExports starts an export of a report as a job (its id is the export's) and
 * answers at once (201, the command's answer); the owner follows it on their socket
 * (`jobProgress`) and lists and downloads it from the read API. POST /api/reportExports/:id/stop
 * and DELETE /api/reportExports/:id stop or delete one's own export (any, for those who manage
 * exports); another's is not found (404). All need `create` on DataExport (exportsEnabled).
 */
export function reportExportRoutes(
  fastify: FastifyInstance,
  options: ReportExportRouteOptions,
  done: (err?: Error) => void,
): void {
  const { jobs, records } = options;
  const config = requires('create', 'DataExport');

  /** The export if the caller may act on it: their own, or any for export managers. */
  async function mine(request: FastifyRequest, id: string): Promise<ReportExportAnswer> {
    const found = await records.find(id);
    const manage = request.ability.can('manage', 'DataExport');
    if (!found || (!manage && found.owner.id !== workingUserOf(request))) {
      throw new NotFoundError('There is no such export.');
    }
    return found;
  }

  /**
   * Stops the export's job first, from what the jobs port knows of its owner: on the embedded
   * database (one transaction at a time) the table waits while the export reads.
   */
  async function stopJob(request: FastifyRequest, id: string): Promise<void> {
    const job = await jobs.status(id);
    if (!job || job.name !== REPORT_EXPORT_JOB) return;
    if (job.ownerId === workingUserOf(request) || request.ability.can('manage', 'DataExport')) {
      await jobs.stop(id);
    }
  }

  fastify.post('/api/reportExports', { config }, async (request, reply) => {
    const body = parseRequest(StartReportExportBody, request.body);
    assertCan(request.ability, 'read', 'Report');
    const ownerId = workingUserOf(request);
    const id = randomUUID();
    const definition = REPORT_DEFINITIONS[body.reportType];
    const AcademicPeriodId = definition.periodScoped
      ? (body.query.AcademicPeriodId ?? (await records.workingPeriodOf(ownerId)))
      : null;
    const name = body.name ?? definition.title;
    const result = await fastify.commandBus.execute(
      'StartReportExport',
      { ...body, id, name, AcademicPeriodId },
      commandOptionsFor(request),
    );
    await records.create({
      id,
      ownerId,
      name,
      reportType: body.reportType,
      format: body.format,
      query: body.query,
      AcademicPeriodId,
      timeZone: body.timeZone,
      createdAt: new Date(),
    });
    const data: ReportExportJobData = { exportId: id };
    try {
      await jobs.enqueue(REPORT_EXPORT_JOB, data, { ownerId, jobId: id });
    } catch (err) {
      await records.end(id, 'failed', new Date(), QUEUE_DOWN);
      throw err;
    }
    return reply.code(201).send(result);
  });

  fastify.post('/api/reportExports/:id/stop', { config }, async (request) => {
    const { id } = parseRequest(Params, request.params);
    await stopJob(request, id);
    const found = await mine(request, id);
    if (!isUnfinishedExport(found.status)) {
      throw new DomainRuleError('This export has finished already.');
    }
    await jobs.stop(id);
    await records.end(id, 'stopped', new Date());
    return (await records.find(id)) ?? found;
  });

  fastify.delete('/api/reportExports/:id', { config }, async (request) => {
    const { id } = parseRequest(Params, request.params);
    await stopJob(request, id);
    const found = await mine(request, id);
    if (isUnfinishedExport(found.status)) await jobs.stop(id);
    await records.remove(id);
    return found;
  });

  done();
}

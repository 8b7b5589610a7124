import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DATA_SERVICE_RUN_JOB,
  DataServiceBody,
  dataServiceScheduleKey,
  type EventStore,
} from '@allot/shared-events';
import type { Jobs } from '../jobs/port.js';
import type { ReportExportRecords } from '../reportExports/port.js';
import { requires } from '../authorization/routeRequirement.js';
import { commandOptionsFor, parseRequest, workingUserOf } from '../commandHandling/httpCommand.js';
import { loadDefinition } from './runPlan.js';
import { startDataServiceRun, syncSchedule } from './runs.js';

export interface DataServiceRouteOptions {
  store: EventStore;
  jobs: Pick<Jobs, 'enqueue' | 'schedule' | 'unschedule'>;
  records: ReportExportRecords;
}

const Params = z.object({ id: z.string().trim().min(1).max(100) }).strict();

/**
 * Data services (docs/reports.md "Data services"): POST /api/dataServices, PUT and DELETE
 * /api/dataServices/:id define them; POST /api/dataServices/:id/runs runs one now (201, the run
 * as the exports list shows it). Every route needs `read` on DataServices before the body is
 * read (admins and academic operations admins while dataServicesEnabled is on); the commands
 * check create, update (also running) and delete. A saved schedule is set on the jobs port at
 * once, owned by whoever saved it; the start sets every schedule again.
 */
export function dataServiceRoutes(
  fastify: FastifyInstance,
  options: DataServiceRouteOptions,
  done: (err?: Error) => void,
): void {
  const { store, jobs, records } = options;
  const config = requires('read', 'DataServices');

  async function scheduleAfterWrite(request: FastifyRequest, id: string): Promise<void> {
    // The definition only: its saved report is not read to set a schedule.
    const definition = await loadDefinition(store, id);
    try {
      if (!definition) {
        await jobs.unschedule(dataServiceScheduleKey(id));
        return;
      }
      const { schedule, timeZone } = definition;
      await syncSchedule(
        jobs,
        { id, schedule, timeZone, ownerId: workingUserOf(request) },
        DATA_SERVICE_RUN_JOB,
      );
    } catch (err) {
      // Saved all the same: the next start sets the schedule from the read model.
      request.log.error({ err, dataServiceId: id }, 'data service schedule');
    }
  }

  fastify.post('/api/dataServices', { config }, async (request, reply) => {
    const body = parseRequest(DataServiceBody, request.body);
    const id = randomUUID();
    const result = await fastify.commandBus.execute(
      'CreateDataService',
      { ...body, id },
      commandOptionsFor(request),
    );
    await scheduleAfterWrite(request, id);
    return reply.code(201).send(result);
  });

  fastify.put('/api/dataServices/:id', { config }, async (request) => {
    const { id } = parseRequest(Params, request.params);
    const body = parseRequest(DataServiceBody, request.body);
    const result = await fastify.commandBus.execute(
      'UpdateDataService',
      { ...body, id },
      commandOptionsFor(request),
    );
    await scheduleAfterWrite(request, id);
    return result;
  });

  fastify.delete('/api/dataServices/:id', { config }, async (request) => {
    const { id } = parseRequest(Params, request.params);
    const result = await fastify.commandBus.execute(
      'DeleteDataService',
      { id },
      commandOptionsFor(request),
    );
    await scheduleAfterWrite(request, id);
    // Unfinished runs end with their rows: the export job finds nothing to take or to finish.
    await records.removeRuns(id);
    return result;
  });

  fastify.post('/api/dataServices/:id/runs', { config }, async (request, reply) => {
    const { id } = parseRequest(Params, request.params);
    const run = await startDataServiceRun(
      { bus: fastify.commandBus, store, records, jobs },
      {
        id,
        trigger: 'manual',
        runnerId: workingUserOf(request),
        options: commandOptionsFor(request),
      },
    );
    return reply.code(201).send({ ...run, trigger: 'manual' });
  });

  done();
}

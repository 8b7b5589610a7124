import type { FastifyInstance } from 'fastify';
import {
  AcademicPeriodListAnswer,
  ActiveAcademicPeriodAnswer,
  ActiveAcademicPeriodIdAnswer,
  ListQueryString,
  academicPeriods,
  type AcademicPeriodAnswer,
} from '@allot/shared-events';
import type { ResourceReader } from './reader.js';
import { findRecord, getRecord, type RecordView } from './query.js';
import { answered, withAnswers } from '../../http/answers.js';

/** A record of the academic periods' read model: the kind's fields, as the command stored them. */
const period = (record: RecordView | null) => record as AcademicPeriodAnswer | null;

/**
 * Spec §7 academic periods: `active` is the viewer's working period (their own, else the
 * institution's), `systemActive` the institution's, `publishedForFaculty` those shown to faculty.
 * Every signed-in user needs them (the shell shows the working period), so a session suffices.
 */
export function periodRoutes(fastify: FastifyInstance, reader: ResourceReader): void {
  const base = `/api/${academicPeriods.path}`;
  const table = () => reader.table(academicPeriods);
  const systemActive = async () => findRecord(reader.knex, await table(), { isSystemActive: true });
  const app = withAnswers(fastify);

  const active = async (workingId: string | null) =>
    (workingId ? await getRecord(reader.knex, await table(), workingId) : null) ??
    (await systemActive());

  app.get(
    `${base}/active`,
    { schema: { response: { 200: ActiveAcademicPeriodAnswer } } },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return answered(reply);
      return period(await active(viewer.workingAcademicPeriodId));
    },
  );

  app.get(
    `${base}/active/id`,
    { schema: { response: { 200: ActiveAcademicPeriodIdAnswer } } },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return answered(reply);
      return { id: (await active(viewer.workingAcademicPeriodId))?.id ?? null };
    },
  );

  app.get(
    `${base}/systemActive`,
    { schema: { response: { 200: ActiveAcademicPeriodAnswer } } },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return answered(reply);
      return period(await systemActive());
    },
  );

  app.get(
    `${base}/publishedForFaculty`,
    { schema: { querystring: ListQueryString, response: { 200: AcademicPeriodListAnswer } } },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return answered(reply);
      const answer = await reader.list(academicPeriods, request, reply, (q) => {
        q.whereRaw(`data @> '{"publishedForFaculty": true}'::jsonb`);
      });
      return answer ?? answered(reply);
    },
  );
}

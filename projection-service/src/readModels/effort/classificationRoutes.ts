import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  ClassificationAnswer,
  PayrollLine,
  classifyPayrollLine,
  effortCategories,
  effortRules,
  effortTypes,
  type ClassificationRule,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { answered, withAnswers } from '../../http/answers.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { sendError } from '../../http/viewer.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';

export interface ClassificationReadOptions {
  knex: Knex;
  tables: TableResolver;
}

/**
 * GET /api/effortClassification?costCenter=&earnCode=&account=&positionId=: the rule tester
 * (docs/effort.md). Which active classification rule a sample payroll line meets, its category
 * and type by name, and every rule tried before it with the reason it did not match — worked out
 * by the same matcher an effort import uses.
 */
export function classificationRoutes(
  fastify: FastifyInstance,
  options: ClassificationReadOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  const { knex, tables } = options;
  const tableOf = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));

  async function namesOf(resource: ResourceDefinition, id: string | null) {
    if (id === null) return null;
    const row = await knex(await tableOf(resource))
      .where({ id })
      .whereNull('deleted_at')
      .first<{ id: string; name: string } | undefined>('id', knex.raw("data->>'name' as name"));
    return row ? { id: row.id, name: row.name } : null;
  }

  app.get(
    '/api/effortClassification',
    { config: requiresRead('EffortRule'), schema: { response: { 200: ClassificationAnswer } } },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'EffortRule')) {
        return answered(sendError(reply, 403, 'You may not read the classification rules.'));
      }
      const line = PayrollLine.safeParse(request.query);
      if (!line.success) {
        return answered(
          sendError(reply, 400, 'Give the line’s cost centre, earn code, account or position.'),
        );
      }
      const rows = await knex(await tableOf(effortRules))
        .whereNull('deleted_at')
        .whereRaw("coalesce((data->>'isActive')::boolean, true)")
        .select<{ id: string; data: Record<string, unknown> }[]>('id', 'data');
      const text = (value: unknown) => (typeof value === 'string' ? value : null);
      const rules: ClassificationRule[] = rows.map(({ id, data }) => ({
        id,
        name: text(data.name) ?? '',
        order: typeof data.order === 'number' ? data.order : 0,
        costCenter: text(data.costCenter),
        earnCode: text(data.earnCode),
        account: text(data.account),
        positionPattern: text(data.positionPattern),
        EffortCategoryId: text(data.EffortCategoryId) ?? '',
        EffortTypeId: text(data.EffortTypeId),
        isActive: true,
      }));
      const result = classifyPayrollLine(rules, line.data);
      const decided = rules.find((r) => r.id === result.ruleId);
      const [category, type] = await Promise.all([
        namesOf(effortCategories, result.EffortCategoryId),
        namesOf(effortTypes, result.EffortTypeId),
      ]);
      return {
        rule: decided ? { id: decided.id, name: decided.name } : null,
        category,
        type,
        verdicts: result.verdicts,
      };
    },
  );
  done();
}

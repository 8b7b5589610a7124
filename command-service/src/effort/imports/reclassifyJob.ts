import {
  EFFORT_RECLASSIFIED_PER_EVENT,
  EffortImportFinished,
  EffortLineImported,
  EffortLinesReclassified,
  classifyPayrollLine,
  type EventStore,
  type Position,
} from '@allot/shared-events';
import type { AppAbility } from '../../authorization/ability.js';
import type { CommandBus } from '../../commandHandling/commandBus.js';
import type { JobContext } from '../../jobs/port.js';
import { loadEffortWorld } from './effortWorld.js';

export interface ReclassifyJobDeps {
  bus: CommandBus;
  store: EventStore;
  abilityOf(userId: string): Promise<AppAbility | null>;
}

/** Events one read of the log fetches. */
const PAGE = 5000;

interface KnownLine {
  line: number;
  costCenter: string | null;
  earnCode: string | null;
  account: string | null;
  positionNumber: string;
  class: string;
}

const classKey = (c: {
  EffortCategoryId: string | null;
  EffortTypeId: string | null;
  EffortRuleId: string | null;
}) => `${c.EffortCategoryId ?? ''}/${c.EffortTypeId ?? ''}/${c.EffortRuleId ?? ''}`;

/**
 * The `effortReclassify` job: every line of every import that wrote lines and is not undone,
 * classified again by the rules as they are now; only lines whose category, type or rule
 * changes are written (`EffortLinesReclassified` on their import, a thousand per event), so
 * running it twice writes nothing the second time. Reports lines looked at out of all.
 */
export function createReclassifyJob(deps: ReclassifyJobDeps) {
  return async function reclassifyJob(ctx: JobContext) {
    const ability = await deps.abilityOf(ctx.ownerId);
    if (!ability) throw new Error('The person who asked may no longer classify effort.');
    const world = await loadEffortWorld(deps.store);
    const lines = new Map<string, Map<number, KnownLine>>();
    const counting = new Set<string>();
    let from: Position | 'start' = 'start';
    for (;;) {
      const page = await deps.store.readAll({
        fromPosition: from,
        maxCount: PAGE,
        filter: { streamPrefixes: ['effortImport-', 'effortLines-'] },
      });
      for (const event of page) {
        if (event.type === 'EffortLineImported') {
          const line = EffortLineImported.parse(event.data);
          let of = lines.get(line.importId);
          if (!of) lines.set(line.importId, (of = new Map<number, KnownLine>()));
          of.set(line.line, { ...line, class: classKey(line) });
        } else if (event.type === 'EffortLinesReclassified') {
          const data = EffortLinesReclassified.parse(event.data);
          const of = lines.get(data.id);
          for (const change of data.changes) {
            const known = of?.get(change.line);
            if (known) known.class = classKey(change);
          }
        } else if (event.type === 'EffortImportFinished') {
          const data = EffortImportFinished.parse(event.data);
          if (data.status !== 'failed' && data.imported > 0) counting.add(data.id);
        } else if (event.type === 'EffortImportUndone') {
          counting.delete((event.data as { id: string }).id);
        }
      }
      if (page.length < PAGE) break;
      from = page[page.length - 1]!.position;
    }
    const total = [...counting].reduce((n, id) => n + (lines.get(id)?.size ?? 0), 0);
    let done = 0;
    let changed = 0;
    await ctx.reportProgress({ done, total });
    for (const importId of counting) {
      if (ctx.signal.aborted) break;
      const changes = [];
      for (const known of lines.get(importId)?.values() ?? []) {
        const now = classifyPayrollLine(world.rules, {
          costCenter: known.costCenter ?? undefined,
          earnCode: known.earnCode ?? undefined,
          account: known.account ?? undefined,
          positionId: known.positionNumber,
        });
        const next = {
          line: known.line,
          EffortCategoryId: now.EffortCategoryId,
          EffortTypeId: now.EffortTypeId,
          EffortRuleId: now.ruleId,
        };
        if (classKey(next) !== known.class) changes.push(next);
      }
      for (let at = 0; at < changes.length; at += EFFORT_RECLASSIFIED_PER_EVENT) {
        await deps.bus.execute(
          'ReclassifyEffortLines',
          { id: importId, changes: changes.slice(at, at + EFFORT_RECLASSIFIED_PER_EVENT) },
          { ability, actorId: ctx.ownerId, correlationId: ctx.id },
        );
      }
      changed += changes.length;
      done += lines.get(importId)?.size ?? 0;
      await ctx.reportProgress({ done, total });
    }
    return { lines: total, changed };
  };
}

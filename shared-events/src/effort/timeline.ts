import { z } from 'zod';

/**
 * A position's effort timeline (docs/effort.md "Effort timeline"; read EffortTimeline): the
 * position as it stood, its payroll effort per pay period by category, and what changed it —
 * the position's own changes and the imports that brought or took back its lines — by whom and
 * when; all as of any earlier instant.
 */
export const EffortTimelineQuery = z.strictObject({
  /** An instant (ISO 8601); absent: now. */
  asOf: z.iso.datetime({ offset: true }).optional(),
});
export type EffortTimelineQuery = z.infer<typeof EffortTimelineQuery>;

const Named = z.object({ id: z.string(), name: z.string() });

export const EffortTimelineAnswer = z.object({
  asOf: z.string().nullable(),
  position: z.object({
    id: z.string(),
    positionNumber: z.string(),
    title: z.string().nullable(),
    instructor: Named,
    startDate: z.string(),
    endDate: z.string().nullable(),
    fte: z.number(),
    costCenter: z.string().nullable(),
    isActive: z.boolean(),
  }),
  /** The categories the lines fall in, in a stable order (the chart's legend); null: none. */
  categories: z.array(z.object({ id: z.string().nullable(), name: z.string(), area: z.string() })),
  /** Pay periods with lines that count, oldest first. */
  periods: z.array(
    z.object({
      payPeriod: z.object({
        id: z.string(),
        code: z.string(),
        name: z.string(),
        startDate: z.string(),
        endDate: z.string(),
      }),
      effortPercent: z.number(),
      amount: z.number(),
      /** Per category (by its index in `categories`): effort and amount. */
      byCategory: z.array(
        z.object({ category: z.number().int(), effortPercent: z.number(), amount: z.number() }),
      ),
    }),
  ),
  /** What changed the timeline, newest first. */
  changes: z.array(
    z.object({
      at: z.string(),
      by: Named.nullable(),
      what: z.string(),
    }),
  ),
});
export type EffortTimelineAnswer = z.infer<typeof EffortTimelineAnswer>;

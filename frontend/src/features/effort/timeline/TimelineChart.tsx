import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { EffortTimelineAnswer } from '@allot/shared-events/browser';

/** Colours by what a category counts as, so teaching reads the same on every timeline. */
const AREA_TONES: Readonly<Record<string, number>> = {
  teaching: 0,
  research: 1,
  administration: 2,
  service: 3,
  clinical: 4,
  leave: 5,
  other: 6,
};

/**
 * The position's effort per pay period as stacked bars, one colour per category (the table
 * beside it holds the same figures for whoever does not read charts).
 */
export function TimelineChart({ answer }: { answer: EffortTimelineAnswer }) {
  const data = answer.periods.map((p) => ({
    name: p.payPeriod.name,
    ...Object.fromEntries(p.byCategory.map((c) => [`c${String(c.category)}`, c.effortPercent])),
  }));
  return (
    <figure className="allot-effort-chart" aria-label="Effort per pay period, by category">
      <BarChart width={Math.max(480, 90 * data.length + 120)} height={280} data={data}>
        <CartesianGrid strokeDasharray="3 3" className="allot-effort-chart__grid" />
        <XAxis dataKey="name" className="allot-effort-chart__axis" />
        <YAxis unit=" %" className="allot-effort-chart__axis" />
        <Tooltip
          formatter={(value) => `${String(value)} %`}
          wrapperClassName="allot-effort-chart__tooltip"
        />
        <Legend />
        {answer.categories.map((category, index) => (
          <Bar
            key={category.id ?? 'none'}
            dataKey={`c${String(index)}`}
            name={category.name}
            stackId="effort"
            className={`allot-effort-chart__bar allot-effort-chart__bar--${String(
              AREA_TONES[category.area] ?? 6,
            )}`}
            fill={`var(--allot-effort-tone-${String(AREA_TONES[category.area] ?? 6)})`}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </figure>
  );
}

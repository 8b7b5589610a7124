import { useId, type ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartSeries, Texture, Tone } from './chartSeries.js';
import './reportCharts.css';

/** One bar (stacked) or group of bars: a workgroup and its figure per series. */
export interface ChartDatum {
  id: string;
  name: string;
  values: Readonly<Record<string, number>>;
}

/** Room for the workgroup names left of the bars; longer names are cut with their full title. */
const NAME_WIDTH = 150;
const NAME_CHARACTERS = 22;
/** A segment narrower than this shows its number in the tooltip and the table only. */
const LABEL_MIN_WIDTH = 22;
const TILE = 8;

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
export const formatNumber = (n: number) => numberFormat.format(n);

/** A texture drawn over a tone: the bars' and the legend's fill (`url(#id)`). */
function Pattern({ id, tone, texture }: { id: string; tone: Tone; texture: Texture }) {
  const fill = (
    <rect width={TILE} height={TILE} className={`allot-chart__fill allot-chart__fill--${tone}`} />
  );
  const ink = (props: { x?: number; y?: number; width: number; height: number }) => (
    <rect className="allot-chart__ink" {...props} />
  );
  const rotated = texture === 'stripes' || texture === 'cross';
  return (
    <pattern
      id={id}
      width={TILE}
      height={TILE}
      patternUnits="userSpaceOnUse"
      {...(rotated ? { patternTransform: 'rotate(45)' } : {})}
    >
      {fill}
      {texture === 'stripes' && ink({ width: 2.5, height: TILE })}
      {texture === 'cross' && (
        <>
          {ink({ width: 2, height: TILE })}
          {ink({ width: TILE, height: 2 })}
        </>
      )}
      {texture === 'dots' && (
        <circle cx={TILE / 2} cy={TILE / 2} r={1.7} className="allot-chart__ink" />
      )}
    </pattern>
  );
}

/** The workgroup's name at the left of its bar, cut when long (the full name as its title). */
function NameTick(props: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}) {
  const value = props.payload?.value;
  const name = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const short = name.length > NAME_CHARACTERS ? `${name.slice(0, NAME_CHARACTERS - 1)}…` : name;
  return (
    <text
      x={Number(props.x ?? 0)}
      y={Number(props.y ?? 0)}
      dx={-4}
      dy={4}
      textAnchor="end"
      className="allot-chart__tick"
    >
      <title>{name}</title>
      {short}
    </text>
  );
}

interface Box {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
}

/**
 * A segment's number: inside it, on a halo of the page's colour so it reads on any fill, when
 * it is wide enough (stacked); after the bar otherwise (side by side).
 */
function segmentLabel(stacked: boolean) {
  return function SegmentLabel(props: { viewBox?: unknown; value?: unknown }): ReactElement {
    const box = (props.viewBox ?? {}) as Box;
    const value = Number(props.value ?? 0);
    const [x, y, width, height] = [box.x ?? 0, box.y ?? 0, box.width ?? 0, box.height ?? 0];
    if (!value || (stacked && width < LABEL_MIN_WIDTH)) return <g />;
    return (
      <text
        x={stacked ? x + width / 2 : x + width + 4}
        y={y + height / 2}
        dy={4}
        textAnchor={stacked ? 'middle' : 'start'}
        className="allot-chart__label"
      >
        {formatNumber(value)}
      </text>
    );
  };
}

export interface WorkgroupBarChartProps {
  /** The ids of the elements that name and sum up the chart (its title, its summary). */
  labelledBy: string;
  series: readonly ChartSeries[];
  data: readonly ChartDatum[];
  /** One bar per workgroup in segments (counts that add up), else a bar per series side by side. */
  stacked?: boolean;
  /** Whole numbers on the axis (counts) unless the figures may have decimals (points). */
  decimals?: boolean;
  /** A fixed width instead of the container's (tests, where nothing has a size). */
  width?: number;
}

/**
 * A horizontal bar chart with a bar per workgroup (recharts), coloured by Blueprint's palette in
 * either theme and textured per series, its legend beside it and each segment's number on it. It
 * is an image to assistive technology, named by its title and summary; the numbers are in the
 * table its panel shows.
 */
export function WorkgroupBarChart({
  labelledBy,
  series,
  data,
  stacked = true,
  decimals = false,
  width,
}: WorkgroupBarChartProps) {
  const prefix = `allot-chart-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const patternId = (key: string) => `${prefix}-${key}`;
  const rows = data.map((d) => ({
    name: d.name,
    ...Object.fromEntries(series.map((s) => [`s_${s.key}`, d.values[s.key] ?? 0])),
  }));
  const perRow = stacked ? 34 : 20 * series.length + 14;
  const height = Math.max(data.length, 1) * perRow + 40;
  const Label = segmentLabel(stacked);
  return (
    <div className="allot-chart">
      <svg className="allot-chart__patterns" width={0} height={0} aria-hidden focusable={false}>
        <defs>
          {series.map((s) => (
            <Pattern key={s.key} id={patternId(s.key)} tone={s.tone} texture={s.texture} />
          ))}
        </defs>
      </svg>
      <ul className="allot-chart__legend" aria-label="Legend">
        {series.map((s) => (
          <li key={s.key}>
            <svg width={14} height={14} aria-hidden focusable={false}>
              <rect
                width={14}
                height={14}
                fill={`url(#${patternId(s.key)})`}
                className="allot-chart__swatch"
              />
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
      <div role="img" aria-labelledby={labelledBy} className="allot-chart__plot">
        <BarChart
          layout="vertical"
          data={rows}
          accessibilityLayer={false}
          margin={{ top: 4, right: stacked ? 16 : 40, bottom: 4, left: 4 }}
          barCategoryGap={stacked ? 6 : 4}
          {...(width !== undefined
            ? { width, height }
            : { responsive: true, style: { width: '100%', height } })}
        >
          <CartesianGrid horizontal={false} className="allot-chart__grid" />
          <XAxis type="number" allowDecimals={decimals} className="allot-chart__axis" />
          <YAxis
            type="category"
            dataKey="name"
            width={NAME_WIDTH}
            interval={0}
            tick={NameTick}
            className="allot-chart__axis"
          />
          <Tooltip
            isAnimationActive={false}
            cursor={{ className: 'allot-chart__cursor' }}
            contentStyle={{
              background: 'var(--allot-surface)',
              border: '1px solid var(--allot-border)',
              color: 'var(--allot-text)',
            }}
            itemStyle={{ color: 'var(--allot-text)' }}
            formatter={(value) => formatNumber(Number(value))}
          />
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={`s_${s.key}`}
              name={s.label}
              fill={`url(#${patternId(s.key)})`}
              className={`allot-chart__bar allot-chart__bar--${s.key}`}
              isAnimationActive={false}
              {...(stacked ? { stackId: 'workgroup' } : {})}
            >
              <LabelList dataKey={`s_${s.key}`} content={Label} />
            </Bar>
          ))}
        </BarChart>
      </div>
    </div>
  );
}

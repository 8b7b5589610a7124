import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  ControlGroup,
  HTMLSelect,
  InputGroup,
  Menu,
  MenuItem,
  Popover,
} from '@blueprintjs/core';
import type { ReportColumn, ReportFilterValue } from '@allot/shared-events/browser';
import { AppTooltip } from '../../../components/AppTooltip.js';

/** Typed filters apply after this pause, not on every key (as the lists' search boxes). */
const TYPING_PAUSE_MS = 300;

type Filters = Readonly<Record<string, ReportFilterValue>>;

type Range = { min?: string | number | null; max?: string | number | null };
const rangeOf = (value: ReportFilterValue | undefined): Range =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};

/** A value typed in a box, applied once typing pauses; the box follows the value applied. */
function useTyped(applied: string, apply: (text: string) => void): [string, (t: string) => void] {
  const [text, setText] = useState(applied);
  const typed = useRef(false);
  const last = useRef(applied);
  useEffect(() => {
    // Another change of the filter (Reset, Back): the box shows it.
    if (applied !== last.current) {
      last.current = applied;
      setText(applied);
    }
  }, [applied]);
  useEffect(() => {
    if (!typed.current) return;
    const timer = window.setTimeout(() => {
      typed.current = false;
      if (text !== last.current) {
        last.current = text;
        apply(text);
      }
    }, TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return [
    text,
    (t: string) => {
      typed.current = true;
      setText(t);
    },
  ];
}

function TextFilter({
  column,
  value,
  onChange,
}: {
  column: ReportColumn;
  value: ReportFilterValue | undefined;
  onChange: (value: ReportFilterValue | undefined) => void;
}) {
  const [text, setText] = useTyped(typeof value === 'string' ? value : '', (t) =>
    onChange(t.trim() === '' ? undefined : t.trim()),
  );
  return (
    <InputGroup
      aria-label={`${column.label} contains`}
      placeholder="contains…"
      value={text}
      onValueChange={setText}
    />
  );
}

function ChoiceFilter({
  column,
  value,
  onChange,
}: {
  column: ReportColumn;
  value: ReportFilterValue | undefined;
  onChange: (value: ReportFilterValue | undefined) => void;
}) {
  const chosen = Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string'
      ? [value]
      : [];
  const choices = column.choices ?? [];
  const summary =
    chosen.length === 0
      ? 'any'
      : chosen.map((v) => choices.find((c) => c.value === v)?.label ?? v).join(', ');
  return (
    <Popover
      placement="bottom-start"
      shouldReturnFocusOnClose
      content={
        <div className="allot-report-popover" role="group" aria-label={`${column.label} is one of`}>
          {choices.map((c) => (
            <Checkbox
              key={c.value}
              label={c.label}
              checked={chosen.includes(c.value)}
              onChange={(e) => {
                const next = e.currentTarget.checked
                  ? [...chosen, c.value]
                  : chosen.filter((v) => v !== c.value);
                onChange(next.length === 0 ? undefined : next);
              }}
            />
          ))}
        </div>
      }
    >
      <Button
        endIcon="caret-down"
        text={summary}
        aria-label={`${column.label}: ${summary}. Choose values`}
        className="allot-report-choice-button"
      />
    </Popover>
  );
}

function BooleanFilter({
  column,
  value,
  onChange,
}: {
  column: ReportColumn;
  value: ReportFilterValue | undefined;
  onChange: (value: ReportFilterValue | undefined) => void;
}) {
  const current = value === true ? 'yes' : value === false ? 'no' : '';
  return (
    <HTMLSelect
      aria-label={column.label}
      value={current}
      onChange={(e) => {
        const v = e.currentTarget.value;
        onChange(v === 'yes' ? true : v === 'no' ? false : undefined);
      }}
    >
      <option value="">Yes or no</option>
      <option value="yes">Yes</option>
      <option value="no">No</option>
    </HTMLSelect>
  );
}

function RangeEnd({
  column,
  end,
  value,
  onChange,
}: {
  column: ReportColumn;
  end: 'min' | 'max';
  value: string;
  onChange: (text: string) => void;
}) {
  const [text, setText] = useTyped(value, onChange);
  const type = column.type === 'number' ? 'number' : 'date';
  return (
    <InputGroup
      type={type}
      aria-label={`${column.label} ${end === 'min' ? 'from' : 'to'}`}
      placeholder={end === 'min' ? 'from' : 'to'}
      className="allot-report-range-end"
      value={text}
      onValueChange={setText}
    />
  );
}

function RangeFilter({
  column,
  value,
  onChange,
}: {
  column: ReportColumn;
  value: ReportFilterValue | undefined;
  onChange: (value: ReportFilterValue | undefined) => void;
}) {
  const range = rangeOf(value);
  const text = (v: string | number | null | undefined) =>
    v === undefined || v === null ? '' : String(v).slice(0, column.type === 'number' ? 40 : 10);
  // The latest range, for two ends typed before the first applies.
  const latest = useRef(range);
  latest.current = range;
  const set = (end: 'min' | 'max', raw: string) => {
    const parsed =
      raw.trim() === ''
        ? undefined
        : column.type === 'number'
          ? Number.isFinite(Number(raw))
            ? Number(raw)
            : undefined
          : raw;
    const next: Range = { ...latest.current };
    if (parsed === undefined) delete next[end];
    else next[end] = parsed;
    onChange(next.min === undefined && next.max === undefined ? undefined : next);
  };
  return (
    <ControlGroup>
      <RangeEnd column={column} end="min" value={text(range.min)} onChange={(t) => set('min', t)} />
      <RangeEnd column={column} end="max" value={text(range.max)} onChange={(t) => set('max', t)} />
    </ControlGroup>
  );
}

/** The control that fits a column's type: contains, one of, yes or no, from–to. */
export function FilterControl(props: {
  column: ReportColumn;
  value: ReportFilterValue | undefined;
  onChange: (value: ReportFilterValue | undefined) => void;
}) {
  switch (props.column.type) {
    case 'choice':
      return <ChoiceFilter {...props} />;
    case 'boolean':
      return <BooleanFilter {...props} />;
    case 'number':
    case 'date':
    case 'datetime':
      return <RangeFilter {...props} />;
    default:
      return <TextFilter {...props} />;
  }
}

/**
 * The report's filters: one control per filtered column (and per column the user just added a
 * filter for), each with its remove button, and "Add filter" offering every other column.
 */
export function ReportFilters({
  columns,
  filters,
  onChange,
}: {
  columns: readonly ReportColumn[];
  filters: Filters;
  onChange: (filters: Record<string, ReportFilterValue>) => void;
}) {
  const [added, setAdded] = useState<string[]>([]);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const bar = useRef<HTMLDivElement>(null);
  // A filter just added gets the keyboard, so it can be typed or picked at once.
  useEffect(() => {
    if (!focusKey) return;
    bar.current
      ?.querySelector<HTMLElement>(
        `[data-filter="${focusKey}"] input, [data-filter="${focusKey}"] select, [data-filter="${focusKey}"] button`,
      )
      ?.focus();
    setFocusKey(null);
  }, [focusKey]);
  const active = columns.filter((c) => c.key in filters || added.includes(c.key));
  const others = columns.filter((c) => !active.includes(c));
  const set = (key: string, value: ReportFilterValue | undefined) => {
    const next: Record<string, ReportFilterValue> = { ...filters };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  const remove = (key: string) => {
    setAdded((a) => a.filter((k) => k !== key));
    if (key in filters) set(key, undefined);
  };
  return (
    <div ref={bar} className="allot-report-filters">
      {active.map((column) => (
        <div key={column.key} className="allot-report-filter" data-filter={column.key}>
          <span className="allot-report-filter__label">{column.label}</span>
          <FilterControl
            column={column}
            value={filters[column.key]}
            onChange={(value) => set(column.key, value)}
          />
          <AppTooltip content={`Remove the ${column.label} filter`} placement="top">
            <Button
              variant="minimal"
              size="small"
              icon="cross"
              aria-label={`Remove the ${column.label} filter`}
              onClick={() => remove(column.key)}
            />
          </AppTooltip>
        </div>
      ))}
      {others.length > 0 && (
        <Popover
          placement="bottom-start"
          shouldReturnFocusOnClose
          content={
            <Menu aria-label="Filter by" className="allot-report-menu">
              {others.map((column) => (
                <MenuItem
                  key={column.key}
                  text={column.label}
                  onClick={() => {
                    setAdded((a) => [...a, column.key]);
                    setFocusKey(column.key);
                  }}
                />
              ))}
            </Menu>
          }
        >
          <Button variant="minimal" icon="filter" endIcon="caret-down" text="Add filter" />
        </Popover>
      )}
    </div>
  );
}

import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Icon } from '@blueprintjs/core';
import { WEEKDAY_LABELS, WEEKDAYS } from '../../../lib/domain/sectionTypes.js';
import {
  addDays,
  dropTarget,
  placeBlocks,
  timeOf,
  type MoveTarget,
  type PlacedBlock,
} from '../calendarLayout.js';
import type { Occurrence } from '../api/scheduleApi.js';
import type { ScheduleSettings } from '../scheduleSettings.js';
import '../schedule.css';
import '../../../components/list/components.css';

/** Pixels per hour row. */
export const HOUR_PX = 48;
const PX_PER_MINUTE = HOUR_PX / 60;
/** A pointer that moved less than this is a click, not a drag. */
const DRAG_THRESHOLD_PX = 4;

export function blockLabel(o: Occurrence): string {
  return `${o.courseNumber ?? 'Section'} ${o.sectionNumber}`;
}

/** The sentences a block's hover and screen-reader label carry. */
export function flagSentences(o: Occurrence): string[] {
  return [
    ...o.conflicts.map(
      (c) =>
        `Conflict: ${c.message}${c.otherSection ? ` (${c.otherSection})` : ''}${c.overridden ? ' Overridden.' : ''}`,
    ),
    ...o.warnings.map(
      (w) => `Warning: ${w.message}${w.otherSection ? ` (${w.otherSection})` : ''}`,
    ),
  ];
}

interface Drag {
  key: string;
  x: number;
  y: number;
  dx: number;
  dy: number;
  columnWidth: number;
  moved: boolean;
}

/**
 * A Monday–Sunday week with hour rows: each meeting a block (course, section, room, time), red
 * when a conflict holds on its date, amber when one was overridden or a back-to-back warning
 * holds. With `onDrop`, blocks drag to another day or time (5-minute steps); a click, Enter or
 * Space opens the block (`onOpen`), the keyboard path to the same move.
 */
export function WeekCalendar({
  weekStart,
  occurrences,
  settings,
  onOpen,
  onDrop,
  onlyDay,
}: {
  weekStart: string;
  occurrences: readonly Occurrence[];
  settings: ScheduleSettings;
  onOpen: (o: Occurrence) => void;
  onDrop?: ((o: Occurrence, target: MoveTarget) => void) | undefined;
  /** The day view: only this day of the week (0 = Monday), one column as wide as the screen. */
  onlyDay?: number | undefined;
}) {
  const shownDays = WEEKDAYS.map((d, i) => ({ d, i })).filter(
    ({ i }) => onlyDay === undefined || i === onlyDay,
  );
  const { startHour, endHour, offset } = settings;
  const hours = Array.from({ length: endHour - startHour }, (_, i) => startHour + i);
  const height = (endHour - startHour) * HOUR_PX;
  const blocks = placeBlocks(occurrences, weekStart, offset);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  // A drag ends with a click on the block; that click must not open it.
  const suppressClick = useRef(false);
  const hidden = blocks.filter(
    (b) =>
      (onlyDay === undefined || b.day === onlyDay) &&
      (b.end <= startHour * 60 || b.start >= endHour * 60),
  ).length;

  function pointerDown(e: ReactPointerEvent<HTMLElement>, key: string) {
    if (!onDrop || e.button !== 0) return;
    const column = e.currentTarget.parentElement;
    const next: Drag = {
      key,
      x: e.clientX,
      y: e.clientY,
      dx: 0,
      dy: 0,
      columnWidth: column?.getBoundingClientRect().width ?? 0,
      moved: false,
    };
    dragRef.current = next;
    e.currentTarget.setPointerCapture?.(e.pointerId);
  }
  function pointerMove(e: ReactPointerEvent<HTMLElement>) {
    const current = dragRef.current;
    if (!current) return;
    const dx = e.clientX - current.x;
    const dy = e.clientY - current.y;
    const moved = current.moved || Math.hypot(dx, dy) >= DRAG_THRESHOLD_PX;
    dragRef.current = { ...current, dx, dy, moved };
    if (moved) setDrag(dragRef.current);
  }
  function pointerUp(block: PlacedBlock) {
    const current = dragRef.current;
    dragRef.current = null;
    setDrag(null);
    if (!current?.moved || !onDrop) return;
    suppressClick.current = true;
    const dayDelta = current.columnWidth > 0 ? Math.round(current.dx / current.columnWidth) : 0;
    const target = dropTarget(block.occurrence, dayDelta, current.dy / PX_PER_MINUTE);
    if (target) onDrop(block.occurrence, target);
  }

  return (
    <div
      className={`allot-week${onlyDay === undefined ? '' : ' allot-week--day'}`}
      role="grid"
      aria-label={
        onlyDay === undefined ? `Week of ${weekStart}` : `Day ${addDays(weekStart, onlyDay)}`
      }
    >
      <div className="allot-week__head" role="row">
        <div className="allot-week__gutter" />
        {shownDays.map(({ d, i }) => (
          <div key={d} role="columnheader" className="allot-week__dayname">
            {WEEKDAY_LABELS[d]}{' '}
            <span className="allot-week__date">{addDays(weekStart, i).slice(5)}</span>
          </div>
        ))}
      </div>
      <div className="allot-week__body" role="row" style={{ height }}>
        <div className="allot-week__gutter">
          {hours.map((h) => (
            <div key={h} className="allot-week__hour" style={{ height: HOUR_PX }}>
              {timeOf(h * 60)}
            </div>
          ))}
        </div>
        {shownDays.map(({ d, i: day }) => (
          <div
            key={d}
            role="gridcell"
            className="allot-week__day"
            style={{ backgroundSize: `100% ${String(HOUR_PX)}px` }}
          >
            {blocks
              .filter((b) => b.day === day && b.end > startHour * 60 && b.start < endHour * 60)
              .map((b) => {
                const o = b.occurrence;
                const top = (Math.max(b.start, startHour * 60) - startHour * 60) * PX_PER_MINUTE;
                const bottom = (Math.min(b.end, endHour * 60) - startHour * 60) * PX_PER_MINUTE;
                const conflict = o.conflicts.length > 0;
                const amber = o.overridden.length > 0 || o.warnings.length > 0;
                const flags = flagSentences(o);
                const dragging = drag?.key === o.key ? drag : null;
                const time = `${o.startTime}–${o.endTime}`;
                return (
                  <button
                    key={o.key}
                    type="button"
                    className={[
                      'allot-block',
                      conflict ? 'allot-block--conflict' : '',
                      amber ? 'allot-block--flagged' : '',
                      onDrop ? 'allot-block--movable' : '',
                      dragging ? 'allot-block--dragging' : '',
                    ].join(' ')}
                    style={{
                      top,
                      height: Math.max(bottom - top, 14),
                      left: `calc(${String((b.lane / b.lanes) * 100)}% + 2px)`,
                      width: `calc(${String(100 / b.lanes)}% - 4px)`,
                      transform: dragging
                        ? `translate(${String(dragging.dx)}px, ${String(dragging.dy)}px)`
                        : undefined,
                    }}
                    title={[`${blockLabel(o)} ${o.sectionName}`, time, ...flags].join('\n')}
                    // Starts with what the block shows (course, section, room, time), then more.
                    aria-label={[
                      `${blockLabel(o)}, ${o.locationCode ?? 'no room'} · ${time}, ${o.sectionName}`,
                      ...flags,
                    ].join('. ')}
                    onPointerDown={(e) => pointerDown(e, o.key)}
                    onPointerMove={pointerMove}
                    onPointerUp={() => pointerUp(b)}
                    onPointerCancel={() => {
                      dragRef.current = null;
                      setDrag(null);
                    }}
                    onClick={() => {
                      if (suppressClick.current) {
                        suppressClick.current = false;
                        return;
                      }
                      onOpen(o);
                    }}
                  >
                    <span className="allot-block__title">
                      {conflict && <Icon icon="error" size={12} />}
                      {amber && <Icon icon="warning-sign" size={12} />}
                      {blockLabel(o)}
                    </span>{' '}
                    <span className="allot-block__line">
                      {o.locationCode ?? 'no room'} · {time}
                    </span>
                  </button>
                );
              })}
          </div>
        ))}
      </div>
      {hidden > 0 && (
        <p className="allot-teaching-muted">
          {hidden === 1 ? 'A meeting falls' : `${hidden} meetings fall`} outside the hours shown;
          widen them in the settings.
        </p>
      )}
    </div>
  );
}

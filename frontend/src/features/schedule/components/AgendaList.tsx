import { dayHeading } from '../calendarLayout.js';
import type { Occurrence } from '../api/scheduleApi.js';
import { blockLabel, flagSentences } from './WeekCalendar.js';
import '../schedule.css';

/**
 * The agenda: the meetings shown as a list by day, in time order, each opening its dialog as a
 * calendar block does — what a phone reads best.
 */
export function AgendaList({
  occurrences,
  onOpen,
}: {
  occurrences: readonly Occurrence[];
  onOpen: (o: Occurrence) => void;
}) {
  const byDay = new Map<string, Occurrence[]>();
  for (const o of [...occurrences].sort(
    (a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime),
  )) {
    byDay.set(o.date, [...(byDay.get(o.date) ?? []), o]);
  }
  return (
    <ol className="allot-agenda" aria-label="Agenda">
      {[...byDay].map(([date, items]) => (
        <li key={date}>
          <h3 className="bp6-heading allot-agenda__day">{dayHeading(date)}</h3>
          <ul className="allot-agenda__items">
            {items.map((o) => {
              const flags = flagSentences(o);
              const conflict = o.conflicts.length > 0;
              const amber = o.overridden.length > 0 || o.warnings.length > 0;
              return (
                <li key={o.key}>
                  <button
                    type="button"
                    className={[
                      'allot-agenda__item',
                      conflict ? 'allot-agenda__item--conflict' : '',
                      amber && !conflict ? 'allot-agenda__item--flagged' : '',
                    ].join(' ')}
                    title={flags.join('\n') || undefined}
                    onClick={() => onOpen(o)}
                  >
                    <span className="allot-agenda__time">
                      {o.startTime}–{o.endTime} · {blockLabel(o)}
                    </span>
                    <span>{o.sectionName}</span>
                    <span className="allot-agenda__meta">
                      {o.locationCode ?? 'No room'}
                      {flags.length > 0 ? ` · ${flags.join(' ')}` : ''}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}

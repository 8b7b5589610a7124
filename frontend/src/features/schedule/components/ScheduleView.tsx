import { useEffect, useState } from 'react';
import { Button, ButtonGroup, Intent } from '@blueprintjs/core';
import { Empty, QueryBody, type QueryResult } from '../../../components/list/QueryBody.js';
import { useGetAuthQuery } from '../../../lib/api/sessionApi.js';
import { notify } from '../../../lib/notifications/notify.js';
import { problemOf, type ServerProblem } from '../../../lib/errors/serverErrors.js';
import { WEEKDAY_LABELS } from '../../../lib/domain/sectionTypes.js';
import { addDays, dayHeading, mondayOf, type MoveTarget } from '../calendarLayout.js';
import { AgendaList } from './AgendaList.js';
import { OccurrenceDialog } from './OccurrenceDialog.js';
import {
  useMoveMeetingMutation,
  type Occurrence,
  type ScheduleAnswer,
} from '../api/scheduleApi.js';
import { loadSettings, saveSettings, type ScheduleSettings } from '../scheduleSettings.js';
import { SettingsDialog } from './SettingsDialog.js';
import { blockLabel, WeekCalendar } from './WeekCalendar.js';

type Mode = 'week' | 'day' | 'agenda';
const MODES: readonly { mode: Mode; label: string }[] = [
  { mode: 'week', label: 'Week' },
  { mode: 'day', label: 'Day' },
  { mode: 'agenda', label: 'Agenda' },
];

/** A phone's screen: the schedule opens on today's day rather than a week of narrow columns. */
const narrowScreen = () => window.matchMedia?.('(max-width: 640px)').matches ?? false;
/** Today in the browser's own calendar (meetings are wall-clock dates), as an ISO date. */
function todayIso(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

interface Opened {
  occurrence: Occurrence;
  proposed?: MoveTarget;
  problem?: ServerProblem;
}

/**
 * The week calendar with its week navigation, settings and the meeting dialog; the pages give it
 * their query, whose spinner and error (with Try again) are QueryBody's. `canMove` enables
 * dragging and the move form.
 */
export function ScheduleView({
  query,
  waiting = false,
  canMove,
  onWeek,
  emptyText,
}: {
  query: QueryResult<ScheduleAnswer>;
  /** The query waits for something (the working period) before it is sent. */
  waiting?: boolean;
  canMove: boolean;
  /** A Monday to show, or null for the period's default week. */
  onWeek: (monday: string | null) => void;
  emptyText: string;
}) {
  const { data: auth } = useGetAuthQuery();
  const userId = auth?.workingUserId ?? null;
  const [settings, setSettings] = useState<ScheduleSettings>(() => loadSettings(userId));
  const [editing, setEditing] = useState(false);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [move] = useMoveMeetingMutation();
  const [mode, setMode] = useState<Mode>(() => (narrowScreen() ? 'day' : 'week'));
  const [day, setDay] = useState<string | null>(null);
  // On a phone the schedule opens on today.
  useEffect(() => {
    if (!narrowScreen()) return;
    const today = todayIso();
    setDay(today);
    onWeek(mondayOf(today));
    // Once, when the page opens (onWeek is the page's state setter).
  }, []);

  async function drop(o: Occurrence, target: MoveTarget) {
    // A drop onto a day the meeting already has would merge two days: confirm it in the dialog.
    if (target.days.length < o.meeting.days.length) {
      setOpened({ occurrence: o, proposed: target });
      return;
    }
    const result = await move({ sectionId: o.SectionId, meetingId: o.meetingId, ...target });
    if ('error' in result) {
      setOpened({ occurrence: o, proposed: target, problem: problemOf(result.error) });
      return;
    }
    void notify({
      message: `${blockLabel(o)} moved to ${target.days.map((d) => WEEKDAY_LABELS[d]).join(', ')} ${target.startTime}–${target.endTime}.`,
      intent: Intent.SUCCESS,
    });
  }

  const weekStart = query.data?.from ?? null;
  // The day shown in the day view: the chosen one while it is in the week shown, else its Monday.
  const shownDay =
    weekStart && day && day >= weekStart && day <= addDays(weekStart, 6) ? day : weekStart;
  function goToDay(next: string) {
    setDay(next);
    if (weekStart && (next < weekStart || next > addDays(weekStart, 6))) onWeek(mondayOf(next));
  }
  const byDay = mode === 'day';
  const step = (direction: -1 | 1) => {
    if (byDay && shownDay) goToDay(addDays(shownDay, direction));
    else if (weekStart) onWeek(addDays(weekStart, 7 * direction));
  };
  const unit = byDay ? 'day' : 'week';
  return (
    <div className="allot-schedule">
      <div className="allot-schedule-bar">
        <ButtonGroup>
          <Button
            icon="chevron-left"
            aria-label={`Previous ${unit}`}
            disabled={!weekStart}
            onClick={() => step(-1)}
          />
          <Button
            text="Today"
            onClick={() => {
              const today = todayIso();
              setDay(today);
              onWeek(mondayOf(today));
            }}
          />
          <Button text="Default week" onClick={() => onWeek(null)} />
          <Button
            icon="chevron-right"
            aria-label={`Next ${unit}`}
            disabled={!weekStart}
            onClick={() => step(1)}
          />
        </ButtonGroup>
        <ButtonGroup role="group" aria-label="Show">
          {MODES.map(({ mode: m, label }) => (
            <Button
              key={m}
              text={label}
              active={mode === m}
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
            />
          ))}
        </ButtonGroup>
        {weekStart && (
          <strong aria-live="polite">
            {byDay && shownDay
              ? dayHeading(shownDay)
              : `Week of ${weekStart} – ${addDays(weekStart, 6)}`}
          </strong>
        )}
        <Button icon="cog" text="Settings" onClick={() => setEditing(true)} />
      </div>
      <div className="allot-schedule-legend" aria-hidden="true">
        <span>
          <span className="allot-schedule-legend__swatch allot-block--conflict" /> Conflict
        </span>
        <span>
          <span className="allot-schedule-legend__swatch allot-block--flagged" /> Overridden or
          back-to-back
        </span>
        {canMove && <span>Drag a meeting to move it, or open it to move it by keyboard.</span>}
      </div>
      <QueryBody
        what="The schedule"
        query={query}
        waiting={waiting}
        loadingLabel="Loading the schedule"
      >
        {(answer) => (
          <>
            {/* An empty week keeps its calendar: the week stays in view, its hours empty. */}
            {byDay && shownDay
              ? !answer.occurrences.some((o) => o.date === shownDay) && (
                  <Empty
                    icon="calendar"
                    title="No meetings on this day"
                    description="Go to another day, or see the week's agenda."
                  />
                )
              : answer.occurrences.length === 0 && (
                  <Empty icon="calendar" title="No meetings this week" description={emptyText} />
                )}
            {mode === 'agenda' ? (
              <AgendaList
                occurrences={answer.occurrences}
                onOpen={(o) => setOpened({ occurrence: o })}
              />
            ) : (
              <WeekCalendar
                weekStart={answer.from}
                occurrences={answer.occurrences}
                settings={settings}
                onOpen={(o) => setOpened({ occurrence: o })}
                onDrop={canMove ? (o, t) => void drop(o, t) : undefined}
                onlyDay={
                  byDay && shownDay
                    ? Math.round((Date.parse(shownDay) - Date.parse(answer.from)) / 86_400_000)
                    : undefined
                }
              />
            )}
          </>
        )}
      </QueryBody>
      {editing && (
        <SettingsDialog
          settings={settings}
          onClose={() => setEditing(false)}
          onSave={(next) => {
            setSettings(next);
            saveSettings(userId, next);
            setEditing(false);
          }}
        />
      )}
      {opened && (
        <OccurrenceDialog
          key={opened.occurrence.key}
          occurrence={opened.occurrence}
          canMove={canMove}
          proposed={opened.proposed}
          initialProblem={opened.problem}
          onClose={() => setOpened(null)}
        />
      )}
    </div>
  );
}

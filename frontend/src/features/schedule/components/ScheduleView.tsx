import { useState } from 'react';
import { Button, ButtonGroup, Intent } from '@blueprintjs/core';
import { Empty, QueryBody, type QueryResult } from '../../../components/list/QueryBody.js';
import { useGetAuthQuery } from '../../../lib/api/sessionApi.js';
import { notify } from '../../../lib/notifications/notify.js';
import { problemOf, type ServerProblem } from '../../../lib/errors/serverErrors.js';
import { WEEKDAY_LABELS } from '../../../lib/domain/sectionTypes.js';
import { addDays, type MoveTarget } from '../calendarLayout.js';
import { OccurrenceDialog } from './OccurrenceDialog.js';
import {
  useMoveMeetingMutation,
  type Occurrence,
  type ScheduleAnswer,
} from '../api/scheduleApi.js';
import { loadSettings, saveSettings, type ScheduleSettings } from '../scheduleSettings.js';
import { SettingsDialog } from './SettingsDialog.js';
import { blockLabel, WeekCalendar } from './WeekCalendar.js';

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
  return (
    <div className="allot-schedule">
      <div className="allot-schedule-bar">
        <ButtonGroup>
          <Button
            icon="chevron-left"
            aria-label="Previous week"
            disabled={!weekStart}
            onClick={() => weekStart && onWeek(addDays(weekStart, -7))}
          />
          <Button text="Default week" onClick={() => onWeek(null)} />
          <Button
            icon="chevron-right"
            aria-label="Next week"
            disabled={!weekStart}
            onClick={() => weekStart && onWeek(addDays(weekStart, 7))}
          />
        </ButtonGroup>
        {weekStart && (
          <strong aria-live="polite">
            Week of {weekStart} – {addDays(weekStart, 6)}
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
            {answer.occurrences.length === 0 && (
              <Empty icon="calendar" title="No meetings this week" description={emptyText} />
            )}
            <WeekCalendar
              weekStart={answer.from}
              occurrences={answer.occurrences}
              settings={settings}
              onOpen={(o) => setOpened({ occurrence: o })}
              onDrop={canMove ? (o, t) => void drop(o, t) : undefined}
            />
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

import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { useViewer } from '../../../lib/auth/useViewer.js';
import { addDays } from '../calendarLayout.js';
import { useMyScheduleQuery } from '../api/scheduleApi.js';
import { CalendarFeedDialog } from '../components/CalendarFeedDialog.js';
import { ScheduleView } from '../components/ScheduleView.js';
import '../schedule.css';

/**
 * My Schedule (/mySchedule): the signed-in instructor's meetings, read-only, in their working
 * period; "Add to my calendar" gives them a private feed of it for their calendar app.
 */
export default function MySchedulePage() {
  const [from, setFrom] = useState<string | null>(null);
  const [feedOpen, setFeedOpen] = useState(false);
  const { masquerading } = useViewer();
  const mine = useMyScheduleQuery(from ? { from, to: addDays(from, 6) } : {});
  const addToCalendar = (
    <Button icon="calendar" text="Add to my calendar" onClick={() => setFeedOpen(true)} />
  );
  return (
    <PageFrame actions={addToCalendar}>
      <ScheduleView
        query={mine}
        canMove={false}
        onWeek={setFrom}
        emptyText="You teach nothing this week."
      />
      {feedOpen && (
        <CalendarFeedDialog masquerading={masquerading} onClose={() => setFeedOpen(false)} />
      )}
    </PageFrame>
  );
}

import { useState } from 'react';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { addDays } from '../calendarLayout.js';
import { useMyScheduleQuery } from '../api/scheduleApi.js';
import { ScheduleView } from '../components/ScheduleView.js';

/** My Schedule (/mySchedule): the signed-in instructor's meetings, read-only, in their working period. */
export default function MySchedulePage() {
  const [from, setFrom] = useState<string | null>(null);
  const mine = useMyScheduleQuery(from ? { from, to: addDays(from, 6) } : {});
  return (
    <PageFrame>
      <ScheduleView
        query={mine}
        canMove={false}
        onWeek={setFrom}
        emptyText="You teach nothing this week."
      />
    </PageFrame>
  );
}

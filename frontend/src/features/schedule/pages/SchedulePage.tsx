import { useCallback, useEffect } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { FormGroup, HTMLSelect, SegmentedControl } from '@blueprintjs/core';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { ListBody, type ListQueryResult } from '../../../components/list/ListPage.js';
import { Empty, Loading } from '../../../components/list/QueryBody.js';
import { useSectionInstructorsQuery } from '../../../lib/api/sectionsApi.js';
import { useTeachingChoices } from '../../../lib/hooks/useTeachingChoices.js';
import { addDays } from '../calendarLayout.js';
import { useScheduleLocationsQuery, useScheduleQuery } from '../api/scheduleApi.js';
import { ScheduleView } from '../components/ScheduleView.js';

/**
 * Schedule (/schedule): a period's meetings on a week calendar, by room or by instructor, with
 * conflicts and warnings flagged; whoever may update the Scheduler drags meetings to move them.
 * The choices live in the address (period, by, room or instructor, week), so a view can be shared.
 */
export default function SchedulePage() {
  const choices = useTeachingChoices();
  const [params, setParams] = useSearchParams();
  const periodId = params.get('AcademicPeriodId') ?? choices.workingPeriodId;
  const by = params.get('by') === 'instructor' ? 'instructor' : 'location';
  const LocationId = params.get('LocationId');
  const UserId = params.get('UserId');
  const from = params.get('from');
  const target = by === 'location' ? LocationId : UserId;
  const canMove = choices.ability?.can('update', 'Scheduler') ?? false;

  const rooms = useScheduleLocationsQuery(periodId ?? skipToken);
  const instructors = useSectionInstructorsQuery(by === 'instructor' ? undefined : skipToken);
  const schedule = useScheduleQuery(
    periodId && target
      ? {
          AcademicPeriodId: periodId,
          by,
          ...(by === 'location' ? { LocationId: target } : { UserId: target }),
          ...(from ? { from, to: addDays(from, 6) } : {}),
        }
      : skipToken,
  );

  const set = useCallback(
    (changes: Record<string, string | null>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  // Opening the page (or switching to rooms or instructors) shows the first room or instructor
  // rather than an empty calendar; the address then names it, so the view can still be linked.
  const firstChoice = by === 'location' ? rooms.data?.[0]?.id : instructors.data?.[0]?.id;
  useEffect(() => {
    if (target || !firstChoice) return;
    set(by === 'location' ? { LocationId: firstChoice } : { UserId: firstChoice });
  }, [by, target, firstChoice, set]);
  // The rooms or instructors to choose from, as a list: loading, failed, none, or some.
  const shown = by === 'location' ? rooms : instructors;
  const choosable: ListQueryResult<{ id: string }> = {
    data: shown.data && { rows: shown.data },
    error: shown.error,
    isLoading: shown.isLoading,
    isFetching: shown.isFetching,
    refetch: shown.refetch,
  };
  // Without a period in the address, the working period is awaited; then none may be active.
  const awaitingPeriod = !periodId && !choices.workingPeriodLoaded;

  return (
    <PageFrame>
      <div className="allot-schedule-bar">
        <FormGroup label="Period" labelFor="schedule-period">
          <HTMLSelect
            id="schedule-period"
            value={periodId ?? ''}
            options={choices.periods}
            onChange={(e) => set({ AcademicPeriodId: e.currentTarget.value, from: null })}
          />
        </FormGroup>
        <FormGroup label="Show by">
          <SegmentedControl
            aria-label="Show by"
            options={[
              { label: 'Room', value: 'location' },
              { label: 'Instructor', value: 'instructor' },
            ]}
            value={by}
            onValueChange={(v) => set({ by: v })}
          />
        </FormGroup>
        {by === 'location' ? (
          <FormGroup label="Room" labelFor="schedule-room">
            <HTMLSelect
              id="schedule-room"
              value={LocationId ?? ''}
              options={[
                ...(LocationId ? [] : [{ value: '', label: rooms.data ? 'No room' : 'Loading…' }]),
                ...(rooms.data ?? []).map((r) => ({
                  value: r.id,
                  label: r.capacity === null ? r.code : `${r.code} (${String(r.capacity)} seats)`,
                })),
              ]}
              onChange={(e) => set({ LocationId: e.currentTarget.value })}
            />
          </FormGroup>
        ) : (
          <FormGroup label="Instructor" labelFor="schedule-instructor">
            <HTMLSelect
              id="schedule-instructor"
              value={UserId ?? ''}
              options={[
                ...(UserId
                  ? []
                  : [{ value: '', label: instructors.data ? 'No instructor' : 'Loading…' }]),
                ...(instructors.data ?? []).map((u) => ({ value: u.id, label: u.displayName })),
              ]}
              onChange={(e) => set({ UserId: e.currentTarget.value })}
            />
          </FormGroup>
        )}
      </div>
      {!periodId && !awaitingPeriod ? (
        <Empty
          icon="calendar"
          title="No academic period is active"
          description="Choose a period above, or ask an administrator to activate one."
        />
      ) : !target ? (
        <ListBody
          what={by === 'location' ? 'The rooms' : 'The instructors'}
          query={choosable}
          waiting={awaitingPeriod}
          filtering={false}
          loadingLabel="Loading the schedule"
          empty={{
            icon: 'calendar',
            title: by === 'location' ? 'No rooms in use' : 'No instructors',
            description:
              by === 'location'
                ? 'No meeting of this period has a room yet.'
                : 'No active faculty member to show.',
          }}
        >
          {/* The first of them is being chosen (above), then its week loads. */}
          {() => <Loading label="Loading the schedule" />}
        </ListBody>
      ) : (
        <ScheduleView
          query={schedule}
          waiting={awaitingPeriod}
          canMove={canMove}
          onWeek={(monday) => set({ from: monday })}
          emptyText={
            by === 'location'
              ? 'Nothing meets in this room this week.'
              : 'This instructor teaches nothing this week.'
          }
        />
      )}
    </PageFrame>
  );
}

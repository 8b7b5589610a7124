import { Link, useParams, useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import type { AppAbility } from '@allot/shared-events/browser';
import { NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';
import { InstructorAssignments } from '../components/InstructorAssignments.js';
import { InstructorNotes } from '../components/InstructorNotes.js';
import { InstructorPreferences } from '../components/InstructorPreferences.js';
import { InstructorProfile } from '../components/InstructorProfile.js';
import { PeriodSelect } from '../components/PeriodSelect.js';
import { usePeriodChoices, type PeriodChoices } from '../hooks/usePeriodChoices.js';
import { useInstructorWorkloadQuery, type InstructorWorkloadDetail } from '../api/workloadApi.js';
import { WorkloadBody, WorkloadQuery } from '../components/WorkloadDetail.js';
import '../instructors.css';

const TAB_IDS = ['workload', 'profile', 'assignments', 'preferences', 'notes'] as const;
type TabId = (typeof TAB_IDS)[number];

/**
 * /instructorWorkload/:UserId: one instructor in a period (the working period unless `?period=`
 * names another), in tabs (`?tab=`): Workload, Profile (who reads users), Assignments (who reads
 * section assignments), Preferences and Notes. Each tab asks only for what the viewer may read: a
 * refused read would invalidate the auth context.
 */
export default function InstructorWorkloadPage() {
  const userId = useParams()['*'] ?? '';
  const [params, setParams] = useSearchParams();
  const ability = useSignedInAbility();
  const readsInstructors = ability?.can('read', 'Instructor') ?? false;
  const periods = usePeriodChoices();
  const chosen = params.get('period');
  const periodId = chosen ?? periods.workingPeriodId ?? '';
  const one = useInstructorWorkloadQuery(
    readsInstructors && userId !== ''
      ? { UserId: userId, ...(chosen ? { AcademicPeriodId: chosen } : {}) }
      : skipToken,
  );
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  if (ability && !readsInstructors) {
    return (
      <PageFrame>
        <NonIdealState
          icon="lock"
          title="You may not see instructors"
          description="Instructors' workload, assignments and preferences are for staff who read instructors."
        />
      </PageFrame>
    );
  }
  // The workload is asked once the viewer's abilities are known.
  return (
    <WorkloadQuery
      query={one}
      waiting={!ability}
      loadingLabel={ability ? 'Loading the workload' : 'Loading the instructor'}
    >
      {(workload) =>
        ability && (
          <InstructorTabs
            workload={workload}
            userId={userId}
            ability={ability}
            periods={periods}
            periodId={periodId}
            tabAsked={params.get('tab')}
            set={set}
          />
        )
      }
    </WorkloadQuery>
  );
}

/** The loaded instructor: name, period picker and the tabs the viewer may read. */
function InstructorTabs({
  workload,
  userId,
  ability,
  periods,
  periodId,
  tabAsked,
  set,
}: {
  workload: InstructorWorkloadDetail;
  userId: string;
  ability: AppAbility;
  periods: PeriodChoices;
  /** The period picked: `?period=`, else the working period. */
  periodId: string;
  tabAsked: string | null;
  set: (key: string, value: string | null) => void;
}) {
  const shown: Record<TabId, boolean> = {
    workload: true,
    profile: ability.can('read', 'User'),
    assignments: ability.can('read', 'SectionAssignment'),
    preferences: true,
    notes: true,
  };
  const asked = tabAsked as TabId | null;
  const tab: TabId = asked && TAB_IDS.includes(asked) && shown[asked] ? asked : 'workload';
  return (
    <PageFrame
      title={workload.name}
      description={
        <>
          <Link to="/instructors">Instructors</Link>
          {workload.email ? ` · ${workload.email}` : ''}
        </>
      }
      actions={
        <PeriodSelect
          choices={periods}
          value={periodId}
          onChange={(id) => set('period', id === periods.workingPeriodId ? null : id)}
        />
      }
    >
      <Tabs
        id="instructor-tabs"
        selectedTabId={tab}
        onChange={(id) => set('tab', id === 'workload' ? null : String(id))}
        renderActiveTabPanelOnly
      >
        <Tab
          id="workload"
          title="Workload"
          panel={
            <WorkloadBody
              workload={workload}
              emptyText="No section is assigned to this instructor in this period."
            />
          }
        />
        {shown.profile && (
          <Tab id="profile" title="Profile" panel={<InstructorProfile userId={userId} />} />
        )}
        {shown.assignments && (
          <Tab
            id="assignments"
            title="Assignments"
            panel={<InstructorAssignments userId={userId} periodId={workload.AcademicPeriodId} />}
          />
        )}
        <Tab
          id="preferences"
          title="Preferences"
          panel={
            <InstructorPreferences
              userId={userId}
              name={workload.name}
              periodId={workload.AcademicPeriodId}
              mayReopen={ability.can('manage', 'Instructor')}
            />
          }
        />
        <Tab
          id="notes"
          title="Notes"
          panel={
            <InstructorNotes
              userId={userId}
              periodId={workload.AcademicPeriodId}
              periodName={
                periods.options.find((p) => p.value === workload.AcademicPeriodId)?.label ?? ''
              }
              mayWrite={ability.can('create', 'Instructor')}
            />
          }
        />
      </Tabs>
    </PageFrame>
  );
}

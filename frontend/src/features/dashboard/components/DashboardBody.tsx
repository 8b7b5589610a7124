import { Link } from 'react-router';
import { Button, Card, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { StatusTag } from '../../../components/status/PreferenceStatusTag.js';
import { useDashboardQuery } from '../api/dashboardApi.js';
import { PlanningProgress } from './PlanningProgress.js';
import '../dashboard.css';

/** What needs the signed-in user's attention now, each count a link to the filtered list. */
export function DashboardBody() {
  const dashboard = useDashboardQuery();
  if (dashboard.isLoading) return <Spinner aria-label="Loading your dashboard" />;
  if (dashboard.error || !dashboard.data) {
    return (
      <NonIdealState
        icon="error"
        title="The dashboard could not be loaded"
        description={problemOf(dashboard.error).message}
        action={<Button icon="refresh" text="Try again" onClick={() => void dashboard.refetch()} />}
      />
    );
  }
  const { items, mine, AcademicPeriodId } = dashboard.data;
  if (!AcademicPeriodId) {
    return (
      <NonIdealState
        icon="calendar"
        title="No academic period is active"
        description="Choose a working period in the top bar, or ask an administrator to activate one."
      />
    );
  }
  return (
    <>
      {items.length > 0 && (
        <section aria-label="Needs attention" className="allot-dashboard__cards">
          {items.map((item) => (
            <Card key={item.key} className="allot-dashboard__card" compact>
              <Link
                to={item.link}
                className="allot-dashboard__count"
                aria-label={`${item.count} ${item.label}`}
              >
                {item.count}
              </Link>
              <div>{item.label}</div>
            </Card>
          ))}
        </section>
      )}
      {mine && (
        <section aria-label="Your teaching" className="allot-dashboard__cards">
          <Card className="allot-dashboard__card" compact>
            <div className="allot-dashboard__title">Your teaching preferences</div>
            <StatusTag status={mine.preferenceStatus} />{' '}
            <span className="bp6-text-muted">
              {mine.preferenceCount} preference{mine.preferenceCount === 1 ? '' : 's'}
            </span>
            <div>
              <Link to="/teachingPreferencesMine">
                {mine.preferenceStatus === 'submitted' ? 'Review them' : 'State and submit them'}
              </Link>
            </div>
          </Card>
          {mine.workload && (
            <Card className="allot-dashboard__card" compact>
              <div className="allot-dashboard__title">Your workload</div>
              <div
                className={
                  mine.workload.overloaded
                    ? `bp6-intent-${Intent.DANGER} allot-dashboard__load`
                    : 'allot-dashboard__load'
                }
              >
                {mine.workload.assigned} of {mine.workload.required} points
              </div>
              <Link to="/myWorkload">See your sections</Link>
            </Card>
          )}
        </section>
      )}
      <PlanningProgress />
      {items.length === 0 && !mine && (
        <NonIdealState
          icon="tick-circle"
          title="Nothing needs your attention"
          description="You are all caught up."
        />
      )}
    </>
  );
}

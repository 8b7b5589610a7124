import { RecentChanges } from '../../../components/changes/index.js';
import { Link } from 'react-router';
import { Card, Intent } from '@blueprintjs/core';
import { Empty, QueryBody } from '../../../components/list/QueryBody.js';
import { StatusTag } from '../../../components/status/PreferenceStatusTag.js';
import { useDashboardQuery, type Dashboard } from '../api/dashboardApi.js';
import { PlanningProgress } from './PlanningProgress.js';
import '../dashboard.css';

/** What needs the signed-in user's attention now, each count a link to the filtered list. */
export function DashboardBody() {
  const dashboard = useDashboardQuery();
  return (
    <QueryBody
      what="The dashboard"
      query={dashboard}
      loadingLabel="Loading your dashboard"
      empty={(data) =>
        data.AcademicPeriodId
          ? null
          : {
              icon: 'calendar',
              title: 'No academic period is active',
              description:
                'Choose a working period in the top bar, or ask an administrator to activate one.',
            }
      }
    >
      {(data) => <DashboardCards dashboard={data} />}
    </QueryBody>
  );
}

/** The counts that need attention, the user's own teaching, the planning progress. */
function DashboardCards({ dashboard: { items, mine } }: { dashboard: Dashboard }) {
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
      <RecentChanges />
      {items.length === 0 && !mine && (
        <Empty
          icon="tick-circle"
          title="Nothing needs your attention"
          description="You are all caught up."
        />
      )}
    </>
  );
}

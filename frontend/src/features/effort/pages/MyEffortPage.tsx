import { Link } from 'react-router';
import { Section, SectionCard } from '@blueprintjs/core';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { Empty, QueryBody } from '../../../components/list/QueryBody.js';
import { useMyEffortQuery } from '../mine/myEffortApi.js';
import { EffortPeriodsTable } from '../timeline/EffortPeriodsTable.js';
import { TimelineChart } from '../timeline/TimelineChart.js';
import '../effort.css';

/**
 * My Effort (/effort/myEffort): how payroll distributes the faculty member's effort, position by
 * position — per pay period and category, as a chart and a table — read-only, with each
 * position's full timeline a link away.
 */
export default function MyEffortPage() {
  const mine = useMyEffortQuery();
  return (
    <PageFrame>
      <QueryBody what="Your effort" query={mine} loadingLabel="Loading your effort">
        {(data) =>
          data.positions.length === 0 ? (
            <Empty
              icon="timeline-bar-chart"
              title="No payroll positions"
              description="Payroll has no position of yours in Allot yet."
            />
          ) : (
            data.positions.map((answer) => (
              <Section
                key={answer.position.id}
                compact
                className="allot-effort-section"
                title={`Position ${answer.position.positionNumber}${answer.position.title ? `, ${answer.position.title}` : ''}`}
                subtitle={`From ${answer.position.startDate}${answer.position.endDate ? ` until ${answer.position.endDate}` : ''}, FTE ${String(answer.position.fte)}`}
                rightElement={
                  <Link to={`/effort/timeline/position/${encodeURIComponent(answer.position.id)}`}>
                    Timeline of position {answer.position.positionNumber}
                  </Link>
                }
              >
                <SectionCard>
                  {answer.periods.length === 0 ? (
                    <Empty
                      icon="timeline-bar-chart"
                      title="No payroll effort yet"
                      description="No payroll line has been imported for this position."
                    />
                  ) : (
                    <>
                      <TimelineChart answer={answer} />
                      <EffortPeriodsTable
                        answer={answer}
                        label={`Effort of position ${answer.position.positionNumber} per pay period`}
                      />
                    </>
                  )}
                </SectionCard>
              </Section>
            ))
          )
        }
      </QueryBody>
    </PageFrame>
  );
}

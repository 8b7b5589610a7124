import { PageFrame } from '../../../components/layout/PageFrame.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { Empty, QueryBody } from '../../../components/list/QueryBody.js';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { useMyTeachingQuery } from '../mine/myEffortApi.js';
import '../effort.css';

const points = (n: number | undefined) =>
  n === undefined ? '—' : n.toLocaleString(DATE_LOCALE, { maximumFractionDigits: 2 });

/**
 * My Teaching (/effort/myTeaching): the faculty member's teaching across the periods shown to
 * faculty — points planned in sections and administrative assignments against points required —
 * beside the share of their effort payroll counts as teaching, read-only.
 */
export default function MyTeachingPage() {
  const mine = useMyTeachingQuery();
  return (
    <PageFrame>
      <QueryBody what="Your teaching" query={mine} loadingLabel="Loading your teaching">
        {(data) =>
          data.periods.length === 0 ? (
            <Empty
              icon="learning"
              title="No periods to show"
              description="No academic period is published to faculty yet."
            />
          ) : (
            <PlainTable
              label="Your teaching per academic period"
              columns={[
                {
                  key: 'period',
                  label: 'Academic period',
                  width: 150,
                  rowHeader: true,
                  render: (r) => r.period.name,
                },
                {
                  key: 'required',
                  label: 'Points required',
                  width: 120,
                  render: (r) => points(r.workload?.required),
                },
                {
                  key: 'teaching',
                  label: 'Teaching',
                  width: 100,
                  render: (r) => points(r.workload?.teaching),
                },
                {
                  key: 'administrative',
                  label: 'Administrative',
                  width: 120,
                  render: (r) => points(r.workload?.administrative),
                },
                {
                  key: 'remaining',
                  label: 'Remaining',
                  width: 100,
                  render: (r) => points(r.workload?.remaining),
                },
                {
                  key: 'sections',
                  label: 'Sections',
                  width: 90,
                  render: (r) => points(r.workload?.sections),
                },
                {
                  key: 'payroll',
                  label: 'Payroll: teaching share',
                  width: 190,
                  render: (r) =>
                    r.payrollTeachingPercent === null
                      ? 'No payroll yet'
                      : `${points(r.payrollTeachingPercent)} % over ${String(r.payPeriods)} pay ${r.payPeriods === 1 ? 'period' : 'periods'}`,
                },
              ]}
              rows={data.periods.map((p) => ({ ...p, id: p.period.id }))}
            />
          )
        }
      </QueryBody>
    </PageFrame>
  );
}

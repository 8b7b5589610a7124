import { useSearchParams } from 'react-router';
import { HTMLSelect, InputGroup, Intent, Section, SectionCard, Tag } from '@blueprintjs/core';
import {
  EFFORT_FLAGS,
  type EffortFlag,
  type EffortOverviewAnswer,
  type EffortOverviewQuery,
} from '@allot/shared-events/browser';
import { Pager } from '../../../components/list/DataTable.js';
import { FilterBar } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { Empty, QueryBody } from '../../../components/list/QueryBody.js';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { useEffortOverviewQuery } from './effortOverviewApi.js';

type Row = EffortOverviewAnswer['rows'][number];
type Total = EffortOverviewAnswer['workgroups'][number];
const num = (n: number) => n.toLocaleString(DATE_LOCALE, { maximumFractionDigits: 2 });
const pct = (n: number) => (n === 0 ? '' : `${num(n)} %`);
const SORTS = ['name', 'teaching', 'payrollTeaching', 'amount', 'flags'] as const;
type Sort = (typeof SORTS)[number];

/** The share of effort payroll counts as something other than teaching, research and admin. */
const otherShare = (r: Row) =>
  r.payroll.byArea.service +
  r.payroll.byArea.clinical +
  r.payroll.byArea.leave +
  r.payroll.byArea.other;

function Totals({ totals }: { totals: readonly Total[] }) {
  return (
    <PlainTable
      label="Totals per workgroup"
      columns={[
        {
          key: 'workgroup',
          label: 'Workgroup',
          width: 180,
          rowHeader: true,
          render: (w) => w.workgroup?.name ?? 'No workgroup on payroll',
        },
        { key: 'instructors', label: 'Instructors', width: 90, render: (w) => num(w.instructors) },
        { key: 'teaching', label: 'Teaching (points)', width: 110, render: (w) => num(w.teaching) },
        {
          key: 'administrative',
          label: 'Admin (points)',
          width: 100,
          render: (w) => num(w.administrative),
        },
        {
          key: 'payrollTeaching',
          label: 'Payroll: teaching (average)',
          width: 150,
          render: (w) => pct(w.payrollTeaching),
        },
        { key: 'amount', label: 'Paid', width: 110, render: (w) => num(w.amount) },
        { key: 'flagged', label: 'Flagged', width: 80, render: (w) => num(w.flagged) },
      ]}
      rows={totals.map((w) => ({ ...w, id: w.workgroup?.id ?? 'none' }))}
    />
  );
}

/**
 * Effort per instructor of the working period: points planned beside payroll's effort per area,
 * gaps and overlaps flagged, totals per workgroup. Filters, sort and page live in the address and
 * are applied by the server.
 */
export function EffortOverview() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('sort') ?? '';
  const sort: Sort = (SORTS as readonly string[]).includes(asked) ? (asked as Sort) : 'name';
  const direction = params.get('direction') === 'DESC' ? 'DESC' : 'ASC';
  const pageSize = Number(params.get('pageSize') ?? 50) || 50;
  const page = Number(params.get('page') ?? 0) || 0;
  const workgroupId = params.get('WorkgroupId') ?? '';
  const flag = params.get('flag') ?? '';
  const q = params.get('q') ?? '';
  const query: Partial<EffortOverviewQuery> = {
    sort,
    direction,
    take: pageSize,
    skip: page * pageSize,
    ...(workgroupId ? { WorkgroupId: workgroupId } : {}),
    ...(flag ? { flag: flag as EffortFlag | 'any' } : {}),
    ...(q ? { q } : {}),
  };
  const overview = useEffortOverviewQuery(query);
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };
  const workgroups = (overview.data?.workgroups ?? []).flatMap((w) =>
    w.workgroup ? [w.workgroup] : [],
  );
  return (
    <>
      <FilterBar>
        <InputGroup
          aria-label="Search instructors"
          leftIcon="search"
          placeholder="Search instructors…"
          defaultValue={q}
          onKeyDown={(e) => {
            if (e.key === 'Enter') set({ q: e.currentTarget.value });
          }}
          onBlur={(e) => set({ q: e.currentTarget.value })}
        />
        <HTMLSelect
          aria-label="Workgroup"
          value={workgroupId}
          onChange={(e) => set({ WorkgroupId: e.currentTarget.value })}
        >
          <option value="">Workgroup: any</option>
          {workgroups.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label="Flags"
          value={flag}
          onChange={(e) => set({ flag: e.currentTarget.value })}
        >
          <option value="">Everyone</option>
          <option value="any">Flagged</option>
          {(Object.keys(EFFORT_FLAGS) as EffortFlag[]).map((f) => (
            <option key={f} value={f}>
              {EFFORT_FLAGS[f]}
            </option>
          ))}
        </HTMLSelect>
      </FilterBar>
      <QueryBody what="The effort overview" query={overview} loadingLabel="Loading the overview">
        {(data) =>
          !data.period ? (
            <Empty
              icon="timeline-bar-chart"
              title="No academic period"
              description="Choose a working period to see its effort."
            />
          ) : (
            <>
              <Section
                compact
                className="allot-effort-section"
                title={`Effort per instructor, ${data.period.name}`}
                subtitle="Points planned beside payroll’s average share of effort per area"
              >
                <SectionCard>
                  {data.count === 0 ? (
                    <Empty
                      icon="person"
                      title="Nobody to show"
                      description="No instructor has planned work or payroll effort that matches."
                    />
                  ) : (
                    <>
                      <PlainTable<Row & { id: string }>
                        label="Effort per instructor"
                        sort={{ field: sort, direction }}
                        onSort={(field) =>
                          set({
                            sort: field,
                            direction: field === sort && direction === 'ASC' ? 'DESC' : 'ASC',
                          })
                        }
                        columns={[
                          {
                            key: 'name',
                            label: 'Instructor',
                            width: 180,
                            rowHeader: true,
                            sortField: 'name',
                            render: (r) => r.instructor.name,
                          },
                          {
                            key: 'workgroup',
                            label: 'Workgroup',
                            width: 130,
                            render: (r) => r.workgroup?.name ?? '',
                          },
                          {
                            key: 'teaching',
                            label: 'Teaching (points)',
                            width: 100,
                            sortField: 'teaching',
                            render: (r) =>
                              `${num(r.planned.teaching)} of ${num(r.planned.required)}`,
                          },
                          {
                            key: 'administrative',
                            label: 'Admin (points)',
                            width: 90,
                            render: (r) => num(r.planned.administrative),
                          },
                          {
                            key: 'payrollTeaching',
                            label: 'Payroll: teaching',
                            width: 100,
                            sortField: 'payrollTeaching',
                            render: (r) => pct(r.payroll.byArea.teaching),
                          },
                          {
                            key: 'research',
                            label: 'Research',
                            width: 80,
                            render: (r) => pct(r.payroll.byArea.research),
                          },
                          {
                            key: 'administration',
                            label: 'Admin',
                            width: 80,
                            render: (r) => pct(r.payroll.byArea.administration),
                          },
                          {
                            key: 'other',
                            label: 'Other',
                            width: 70,
                            render: (r) => pct(otherShare(r)),
                          },
                          {
                            key: 'amount',
                            label: 'Paid',
                            width: 90,
                            sortField: 'amount',
                            render: (r) => num(r.payroll.amount),
                          },
                          {
                            key: 'periods',
                            label: 'Pay periods',
                            width: 90,
                            render: (r) =>
                              r.payroll.expectedPayPeriods === 0
                                ? ''
                                : `${String(r.payroll.payPeriods)} of ${String(r.payroll.expectedPayPeriods)}`,
                          },
                          {
                            key: 'flags',
                            label: 'Flags',
                            width: 220,
                            sortField: 'flags',
                            render: (r) => (
                              <span className="allot-effort-flags">
                                {r.flags.map((f) => (
                                  <Tag key={f.flag} minimal intent={Intent.WARNING}>
                                    {f.words}
                                  </Tag>
                                ))}
                              </span>
                            ),
                          },
                        ]}
                        rows={data.rows.map((r) => ({ ...r, id: r.instructor.id }))}
                      />
                      <Pager
                        count={data.count}
                        state={{ page, pageSize }}
                        fetching={overview.isFetching}
                        onChange={(change) =>
                          set({
                            page: String(change.page ?? 0),
                            ...(change.pageSize ? { pageSize: String(change.pageSize) } : {}),
                          })
                        }
                      />
                    </>
                  )}
                </SectionCard>
              </Section>
              {data.workgroups.length > 0 && (
                <Section compact className="allot-effort-section" title="Totals per workgroup">
                  <SectionCard>
                    <Totals totals={data.workgroups} />
                  </SectionCard>
                </Section>
              )}
            </>
          )
        }
      </QueryBody>
    </>
  );
}

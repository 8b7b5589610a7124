import { HTMLSelect, Section, SectionCard, Tab, Tabs } from '@blueprintjs/core';
import { instructorRates } from '@allot/shared-events/browser';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { QueryBody } from '../../../components/list/QueryBody.js';
import { useServerList } from '../../../components/list/useServerList.js';
import { ResourceListPage } from '../../../components/resources/ResourceListPage.js';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';
import { useCostLinesQuery, useCostRatesQuery, useCostTotalsQuery } from '../api/costsApi.js';
import { CostLines, COST_LINE_FILTERS, type CostLineFilter } from '../components/CostLines.js';
import { CostTotals } from '../components/CostTotals.js';
import { RateGrid } from '../components/RateGrid.js';
import '../costs.css';

const LIST = {
  filters: { ...COST_LINE_FILTERS, tab: 'tab' },
  typed: ['q'],
  scope: ['period', 'tab'],
} as const satisfies Parameters<typeof useServerList<CostLineFilter | 'tab'>>[0];

const SORTS = new Set(['section', 'instructor', 'workgroup', 'points', 'cost']);

/**
 * The Instructor Cost Matrix (/instructorCosts; FinancialData, docs/costs.md): what each period's
 * teaching costs per workgroup, the cost of every assignment, placeholder and unstaffed section
 * of the chosen period, and the rates behind them — per instructor type and rank, or per person.
 */
export default function InstructorCostsPage() {
  const list = useServerList<CostLineFilter | 'tab'>(LIST);
  const editable = useSignedInAbility()?.can('update', 'FinancialData') ?? false;
  const { period, workgroup, kind, source, q, tab } = list.filters;
  const sortField = list.sort && SORTS.has(list.sort.field) ? list.sort.field : undefined;
  const lines = useCostLinesQuery({
    ...(period ? { AcademicPeriodId: period } : {}),
    ...(workgroup ? { WorkgroupId: workgroup } : {}),
    ...(kind ? { kind: kind as never } : {}),
    ...(source ? { source: source as never } : {}),
    ...(q ? { q } : {}),
    ...(sortField && list.sort ? { sort: sortField as never, direction: list.sort.direction } : {}),
    take: list.pager.pageSize,
    skip: list.pager.page * list.pager.pageSize,
  });
  const totals = useCostTotalsQuery();
  const rates = useCostRatesQuery(period ? { AcademicPeriodId: period } : {});
  const shownPeriod = lines.data?.period ?? rates.data?.period ?? null;
  const periods = [
    ...(totals.data?.periods ?? []),
    ...(shownPeriod && !totals.data?.periods.some((p) => p.id === shownPeriod.id)
      ? [shownPeriod]
      : []),
  ];
  const choices = { types: rates.data?.types ?? [], ranks: rates.data?.ranks ?? [] };

  const costs = (
    <>
      <Section compact className="allot-costs-section" title="Cost per workgroup and period">
        <SectionCard>
          <QueryBody what="The totals" query={totals} loadingLabel="Loading the totals">
            {(data) =>
              data.periods.length === 0 ? (
                <p className="allot-costs-muted">No period has sections yet.</p>
              ) : (
                <CostTotals totals={data} periodId={shownPeriod?.id ?? null} />
              )
            }
          </QueryBody>
        </SectionCard>
      </Section>
      <Section
        compact
        className="allot-costs-section"
        title={shownPeriod ? `Costs of ${shownPeriod.name}` : 'Costs'}
        subtitle="Each assignment at its instructor’s rate or a cost set by hand; what nobody teaches yet at its placeholder’s rate"
      >
        <SectionCard>
          <QueryBody what="The costs" query={lines} loadingLabel="Loading the costs">
            {(data) => (
              <CostLines
                answer={data}
                list={list}
                fetching={lines.isFetching}
                workgroups={totals.data?.workgroups ?? []}
                choices={choices}
                editable={editable}
              />
            )}
          </QueryBody>
        </SectionCard>
      </Section>
    </>
  );

  const rateTab = (
    <>
      <Section
        compact
        className="allot-costs-section"
        title={shownPeriod ? `Rates per point, ${shownPeriod.name}` : 'Rates per point'}
        subtitle="What a workload point of teaching costs, by instructor type and rank; choose a cell to change it"
      >
        <SectionCard>
          <QueryBody what="The rates" query={rates} loadingLabel="Loading the rates">
            {(data) =>
              data.types.length === 0 ? (
                <p className="allot-costs-muted">
                  No instructor types yet: an administrator adds them under Configuration.
                </p>
              ) : (
                <RateGrid rates={data} editable={editable} />
              )
            }
          </QueryBody>
        </SectionCard>
      </Section>
      {shownPeriod && (
        <ResourceListPage
          embedded
          definition={instructorRates}
          title="Every rate of this period, including single instructors’"
          fixed={{ AcademicPeriodId: shownPeriod.id }}
        />
      )}
    </>
  );

  return (
    <PageFrame
      title="Instructor Cost Matrix"
      actions={
        periods.length > 0 ? (
          <HTMLSelect
            aria-label="Academic period"
            value={shownPeriod?.id ?? ''}
            onChange={(e) => list.setFilters({ period: e.currentTarget.value })}
          >
            {periods.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </HTMLSelect>
        ) : undefined
      }
    >
      <Tabs
        id="instructor-costs"
        selectedTabId={tab === 'rates' ? 'rates' : 'costs'}
        onChange={(next) => list.setFilters({ tab: next === 'rates' ? 'rates' : null })}
        renderActiveTabPanelOnly
        large
      >
        <Tab id="costs" title="Costs" panel={costs} />
        <Tab id="rates" title="Rates" panel={rateTab} />
      </Tabs>
    </PageFrame>
  );
}

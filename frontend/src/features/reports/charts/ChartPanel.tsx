import { useId, useState, type ReactNode } from 'react';
import { Button, H3, NonIdealState, Section, SectionCard, type IconName } from '@blueprintjs/core';
import { LoadError, Loading, type QueryResult } from '../../../components/list/QueryBody.js';
import './reportCharts.css';

export interface EmptyState {
  icon: IconName;
  title: string;
  description?: string;
}

export interface ChartPanelProps<Data> {
  title: string;
  description: ReactNode;
  /** The answer the chart is drawn from. */
  query: QueryResult<Data>;
  /** Nothing to draw: the answer counted no row. */
  isEmpty: (data: Data) => boolean;
  empty: EmptyState;
  /** One sentence of the totals, under the chart; with the title it names the chart. */
  summary: (data: Data) => string;
  /** The chart, named by the given ids (the title's and the summary's). */
  chart: (data: Data, labelledBy: string) => ReactNode;
  /** The same numbers as a table, shown on demand under the chart. */
  table: (data: Data) => ReactNode;
}

/**
 * One chart of the Reports page in a titled region: a spinner while its answer loads, the error
 * with Try again, the empty state, else the chart with a sentence of its totals and
 * **Show as table**, which opens the same numbers as a visible table under it.
 */
export function ChartPanel<Data>({
  title,
  description,
  query,
  isEmpty,
  empty,
  summary,
  chart,
  table,
}: ChartPanelProps<Data>) {
  const id = useId();
  const titleId = `${id}-title`;
  const summaryId = `${id}-summary`;
  const tableId = `${id}-table`;
  const [showTable, setShowTable] = useState(false);
  const data = query.data;
  const drawn = data !== undefined && !query.error && !isEmpty(data);
  const toggle = drawn ? (
    <Button
      size="small"
      variant="minimal"
      icon={showTable ? 'timeline-bar-chart' : 'th'}
      text={showTable ? 'Hide table' : 'Show as table'}
      aria-label={`${showTable ? 'Hide table' : 'Show as table'}: ${title}`}
      aria-expanded={showTable}
      aria-controls={tableId}
      onClick={() => setShowTable((shown) => !shown)}
    />
  ) : undefined;

  let body: ReactNode;
  if (query.error || (data === undefined && !query.isLoading)) {
    body = (
      <LoadError
        what={`The figures of ${title.toLowerCase()}`}
        error={query.error}
        onRetry={query.refetch}
      />
    );
  } else if (data === undefined) {
    body = <Loading label={`Loading ${title.toLowerCase()}`} />;
  } else if (isEmpty(data)) {
    body = (
      <NonIdealState
        icon={empty.icon}
        title={empty.title}
        {...(empty.description ? { description: empty.description } : {})}
      />
    );
  } else {
    body = (
      <>
        {chart(data, `${titleId} ${summaryId}`)}
        <p id={summaryId} className="allot-report-charts__summary">
          {summary(data)}
        </p>
        <div id={tableId} className="allot-report-charts__table" hidden={!showTable}>
          {showTable && table(data)}
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby={titleId}>
      <Section
        title={<span id={titleId}>{title}</span>}
        titleRenderer={H3}
        rightElement={toggle}
        compact
      >
        <SectionCard>
          <p className="allot-report-charts__description">{description}</p>
          {body}
        </SectionCard>
      </Section>
    </section>
  );
}

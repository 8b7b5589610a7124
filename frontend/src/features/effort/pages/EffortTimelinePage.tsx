import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  Button,
  Callout,
  FormGroup,
  InputGroup,
  Intent,
  Section,
  SectionCard,
} from '@blueprintjs/core';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { Empty, QueryBody } from '../../../components/list/QueryBody.js';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { useEffortTimelineQuery } from '../timeline/effortTimelineApi.js';
import { EffortPeriodsTable } from '../timeline/EffortPeriodsTable.js';
import { TimelineChart } from '../timeline/TimelineChart.js';
import '../effort.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString(DATE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** An instant from the `datetime-local` field (the viewer's clock) as ISO, or null. */
function isoOf(local: string): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
/** An ISO instant as the `datetime-local` field shows it, on the viewer's clock. */
function localOf(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * Effort Timeline (/effort/timeline/position/:positionId): one position's payroll effort per pay
 * period and category as a chart and a table, the position as it stands, and what changed it —
 * by whom and when — now or as of an earlier instant (kept in the address).
 */
export default function EffortTimelinePage() {
  const { positionId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asOf = params.get('asOf');
  const [typed, setTyped] = useState(localOf(asOf));
  const timeline = useEffortTimelineQuery({ positionId, asOf });
  const show = (iso: string | null) => {
    setParams(iso ? { asOf: iso } : {});
    setTyped(localOf(iso));
  };
  return (
    <PageFrame
      title={
        timeline.data
          ? `Effort Timeline: position ${timeline.data.position.positionNumber}`
          : 'Effort Timeline'
      }
      description={
        timeline.data
          ? `${timeline.data.position.instructor.name}${timeline.data.position.title ? `, ${timeline.data.position.title}` : ''}`
          : undefined
      }
    >
      <form
        className="allot-effort-asof"
        onSubmit={(e) => {
          e.preventDefault();
          show(isoOf(typed));
        }}
      >
        <FormGroup label="As of" labelFor="effort-asof" inline>
          <InputGroup
            id="effort-asof"
            type="datetime-local"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </FormGroup>
        <Button type="submit" text="Show" disabled={!isoOf(typed)} />
        <Button text="Now" variant="minimal" disabled={asOf === null} onClick={() => show(null)} />
      </form>
      {asOf && (
        <Callout intent={Intent.PRIMARY} icon="history" className="allot-effort-asof-note">
          The timeline as it stood on {when(asOf)}: later changes and imports are left out.
        </Callout>
      )}
      <QueryBody
        what="The timeline"
        query={timeline}
        loadingLabel="Loading the timeline"
        notFound={{
          icon: 'timeline-bar-chart',
          title: asOf ? 'This position did not exist at that time.' : 'There is no such position.',
        }}
      >
        {(data) => (
          <>
            <dl className="allot-effort-position">
              <dt>From</dt>
              <dd>{data.position.startDate}</dd>
              <dt>Until</dt>
              <dd>{data.position.endDate ?? 'still held'}</dd>
              <dt>FTE</dt>
              <dd>{data.position.fte}</dd>
              <dt>Cost centre</dt>
              <dd>{data.position.costCenter ?? '—'}</dd>
              {!data.position.isActive && (
                <>
                  <dt>Status</dt>
                  <dd>Inactive</dd>
                </>
              )}
            </dl>
            <Section title="Effort per pay period" compact className="allot-effort-section">
              <SectionCard>
                {data.periods.length === 0 ? (
                  <Empty
                    icon="timeline-bar-chart"
                    title="No payroll effort"
                    description="No imported payroll line is paid on this position."
                  />
                ) : (
                  <>
                    <TimelineChart answer={data} />
                    <EffortPeriodsTable answer={data} />
                  </>
                )}
              </SectionCard>
            </Section>
            <Section title="What changed" compact className="allot-effort-section">
              <SectionCard>
                <ol className="allot-effort-changes" aria-label="What changed">
                  {data.changes.map((c, i) => (
                    <li key={i}>
                      <time dateTime={c.at}>{when(c.at)}</time>
                      <span className="allot-effort-changes__who">{c.by?.name ?? 'Allot'}</span>
                      <span>{c.what}</span>
                      <Button
                        size="small"
                        variant="minimal"
                        icon="history"
                        text="As of then"
                        aria-label={`As of then: ${when(c.at)}`}
                        onClick={() => show(c.at)}
                      />
                    </li>
                  ))}
                </ol>
              </SectionCard>
            </Section>
          </>
        )}
      </QueryBody>
    </PageFrame>
  );
}

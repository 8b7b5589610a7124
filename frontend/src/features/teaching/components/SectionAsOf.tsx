import { useState, type FormEvent } from 'react';
import {
  Button,
  Callout,
  ControlGroup,
  HTMLTable,
  InputGroup,
  Intent,
  Tag,
} from '@blueprintjs/core';
import { allotApi } from '../../../lib/api/allotApi.js';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import type { SectionAsOfAnswer } from '@allot/shared-events/browser';
import { WEEKDAY_LABELS, type Meeting } from '../../../lib/domain/sectionTypes.js';

const asOfApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    sectionAsOf: build.query<SectionAsOfAnswer, { id: string; at: string }>({
      query: ({ id, at }) => ({
        url: `history/sections/${encodeURIComponent(id)}/asOf`,
        params: { at },
      }),
    }),
  }),
});
const { useLazySectionAsOfQuery } = asOfApi;

const meetingText = (m: Meeting) =>
  `${m.days.map((d) => WEEKDAY_LABELS[d]).join(' ')} ${m.startTime}–${m.endTime}, from ${m.startDate}${m.until ? ` until ${m.until}` : ''}`;

/**
 * The section as it was at a chosen date and time, replayed from its stream on the server
 * (GET /api/history/sections/:id/asOf). `nameOf` names the instructors the page knows.
 */
export function SectionAsOfPanel({
  sectionId,
  nameOf,
}: {
  sectionId: string;
  nameOf: (userId: string) => string;
}) {
  const [when, setWhen] = useState('');
  const [load, result] = useLazySectionAsOfQuery();
  function submit(e: FormEvent) {
    e.preventDefault();
    const moment = new Date(when);
    if (Number.isNaN(moment.getTime())) return;
    void load({ id: sectionId, at: moment.toISOString() });
  }
  const data = result.data;
  return (
    <section aria-label="The section at a chosen moment" style={{ marginBottom: 12 }}>
      <form onSubmit={submit}>
        <ControlGroup>
          <InputGroup
            type="datetime-local"
            aria-label="As of"
            value={when}
            onValueChange={setWhen}
          />
          <Button type="submit" icon="time" text="Show as of" disabled={when === ''} />
        </ControlGroup>
      </form>
      {result.error && <Callout intent={Intent.WARNING}>{problemOf(result.error).message}</Callout>}
      {data && !result.isFetching && (
        <HTMLTable compact className="allot-history-changes" aria-label="Section as of">
          <tbody>
            <tr>
              <th>As of</th>
              <td>
                {new Date(data.at).toLocaleString(DATE_LOCALE, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                })}{' '}
                <Tag minimal>rev {data.revision}</Tag>{' '}
                {data.deleted && <Tag intent="danger">deleted</Tag>}
              </td>
            </tr>
            <tr>
              <th>Section</th>
              <td>
                {data.section.sectionNumber} {data.section.name}
              </td>
            </tr>
            <tr>
              <th>Enrollment</th>
              <td>{data.section.enrollment ?? '—'}</td>
            </tr>
            <tr>
              <th>Points</th>
              <td>{data.section.points ?? data.section.defaultPoints ?? '—'}</td>
            </tr>
            <tr>
              <th>Meetings</th>
              <td>
                {data.section.meetings.length === 0
                  ? 'None'
                  : data.section.meetings.map((m) => <div key={m.id}>{meetingText(m)}</div>)}
              </td>
            </tr>
            <tr>
              <th>Instructors</th>
              <td>
                {data.assignments.length === 0
                  ? 'None'
                  : data.assignments.map((a) => (
                      <div key={a.id}>
                        {nameOf(a.UserId)} <Tag minimal>{a.status}</Tag>
                      </div>
                    ))}
              </td>
            </tr>
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}

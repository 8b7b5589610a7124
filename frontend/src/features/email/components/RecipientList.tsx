import { useState } from 'react';
import { InputGroup, Tag } from '@blueprintjs/core';
import {
  EMAIL_SKIP_REASON_LABELS,
  type EmailRecipient,
  type RecipientFilter,
} from '@allot/shared-events/browser';
import { Pager, type PagerState } from '../../../components/list/DataTable.js';
import { FilterBar } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { Empty, QueryBody } from '../../../components/list/QueryBody.js';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { useEmailRecipientsQuery } from '../api/emailApi.js';

type Row = EmailRecipient & { id: string };
const count = (n: number) => n.toLocaleString(DATE_LOCALE);

/** Everyone the filters find, a page at a time, and how many of them the message reaches. */
export function RecipientList({ filter }: { filter: RecipientFilter }) {
  const [q, setQ] = useState('');
  const [pager, setPager] = useState<PagerState>({ page: 0, pageSize: 25 });
  const recipients = useEmailRecipientsQuery(
    {
      ...filter,
      ...(q.trim() ? { q: q.trim() } : {}),
      take: pager.pageSize,
      skip: pager.page * pager.pageSize,
    },
    { skip: filter.AcademicPeriodId === '' },
  );
  return (
    <>
      <FilterBar>
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder="Find by name or e-mail"
          aria-label="Find a recipient by name or e-mail"
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPager((p) => ({ ...p, page: 0 }));
          }}
        />
      </FilterBar>
      <QueryBody what="The recipients" query={recipients} loadingLabel="Finding the recipients">
        {(data) => (
          <>
            <p role="status" className="allot-email-summary">
              {data.count === 0
                ? 'Nobody matches these filters.'
                : `${count(data.count)} ${data.count === 1 ? 'instructor matches' : 'instructors match'}; ${count(data.receiving)} will receive the message${
                    data.count > data.receiving
                      ? ` (${count(data.count - data.receiving)} do not receive e-mails from Allot)`
                      : ''
                  }.`}
            </p>
            {data.rows.length === 0 ? (
              <Empty
                icon="people"
                title="No recipients"
                description="Widen the filters to find instructors."
              />
            ) : (
              <PlainTable<Row>
                label="Recipients"
                rows={data.rows.map((r) => ({ ...r, id: r.UserId }))}
                columns={[
                  {
                    key: 'name',
                    label: 'Name',
                    width: 220,
                    rowHeader: true,
                    render: (r) => r.name,
                  },
                  { key: 'email', label: 'E-mail', width: 240, render: (r) => r.email ?? '—' },
                  {
                    key: 'receives',
                    label: 'Receives it',
                    width: 260,
                    render: (r) =>
                      r.skipped ? (
                        <Tag minimal intent="warning">
                          {EMAIL_SKIP_REASON_LABELS[r.skipped]}
                        </Tag>
                      ) : (
                        'Yes'
                      ),
                  },
                ]}
              />
            )}
            <Pager
              count={data.count}
              state={pager}
              fetching={recipients.isFetching}
              onChange={(change) => setPager((p) => ({ ...p, ...change }))}
            />
          </>
        )}
      </QueryBody>
    </>
  );
}

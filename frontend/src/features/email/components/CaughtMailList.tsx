import { useState } from 'react';
import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import type { CaughtMail } from '@allot/shared-events/browser';
import { Pager, type PagerState } from '../../../components/list/DataTable.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { Empty, QueryBody } from '../../../components/list/QueryBody.js';
import { useCaughtMailQuery } from '../api/emailApi.js';
import { when } from './SentEmails.js';

/**
 * What the embedded SMTP server kept: with no mail server configured, nothing leaves Allot, and
 * every message it sends (to instructors or developers) is read here instead.
 */
export function CaughtMailList() {
  const [pager, setPager] = useState<PagerState>({ page: 0, pageSize: 25 });
  const caught = useCaughtMailQuery({ take: pager.pageSize, skip: pager.page * pager.pageSize });
  const [reading, setReading] = useState<CaughtMail | null>(null);
  return (
    <QueryBody what="The caught mail" query={caught} loadingLabel="Loading the caught mail">
      {(data) => (
        <>
          <p className="allot-email-muted">
            No mail server is configured for this installation: what Allot sends is kept here and
            does not leave it.
          </p>
          {data.count === 0 ? (
            <Empty
              icon="inbox"
              title="No mail yet"
              description="Messages Allot sends appear here."
            />
          ) : (
            <PlainTable<CaughtMail>
              label="Caught mail"
              rows={data.rows}
              columns={[
                {
                  key: 'subject',
                  label: 'Subject',
                  width: 260,
                  rowHeader: true,
                  render: (m) => (
                    <Button
                      variant="minimal"
                      text={m.subject || '(no subject)'}
                      onClick={() => setReading(m)}
                    />
                  ),
                },
                { key: 'to', label: 'To', width: 240, render: (m) => m.to.join(', ') },
                {
                  key: 'received',
                  label: 'Received',
                  width: 160,
                  render: (m) => when(m.receivedAt),
                },
              ]}
            />
          )}
          <Pager
            count={data.count}
            state={pager}
            fetching={caught.isFetching}
            onChange={(change) => setPager((p) => ({ ...p, ...change }))}
          />
          <Dialog
            isOpen={reading !== null}
            title={reading?.subject ?? ''}
            onClose={() => setReading(null)}
          >
            <DialogBody>
              <p className="allot-email-muted">
                From {reading?.from} to {reading?.to.join(', ')}
              </p>
              <pre className="allot-email-text" tabIndex={0} aria-label="Text of the message">
                {reading?.text}
              </pre>
            </DialogBody>
          </Dialog>
        </>
      )}
    </QueryBody>
  );
}

import { useState } from 'react';
import { Alert, Button, Callout, Intent, Section, SectionCard, Tab, Tabs } from '@blueprintjs/core';
import { EmailDraft, emailTemplates, type RecipientFilter } from '@allot/shared-events/browser';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { ResourceListPage } from '../../../components/resources/ResourceListPage.js';
import { useGetSystemActiveAcademicPeriodQuery } from '../../../lib/api/sessionApi.js';
import { useViewer } from '../../../lib/auth/useViewer.js';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import {
  useCaughtMailQuery,
  useEmailRecipientsQuery,
  useSendEmailMutation,
} from '../api/emailApi.js';
import { CaughtMailList } from '../components/CaughtMailList.js';
import { MessageEditor } from '../components/MessageEditor.js';
import { MessagePreview } from '../components/MessagePreview.js';
import { RecipientFilters } from '../components/RecipientFilters.js';
import { RecipientList } from '../components/RecipientList.js';
import { SendRun } from '../components/SendRun.js';
import { SentEmails } from '../components/SentEmails.js';
import '../email.css';

type TabId = 'write' | 'sent' | 'templates' | 'caught';
const START_FILTER: Omit<RecipientFilter, 'AcademicPeriodId'> = {
  WorkgroupId: null,
  InstructorTypeId: null,
  RankId: null,
  assignments: 'any',
  preferences: 'any',
};
const START_DRAFT: EmailDraft = { subject: '', body: '', TemplateId: null };

/**
 * Email Instructors (/emailInstructors; Email: admin and academic operations; docs/email.md):
 * choose the recipients by filters, write the message (from a template, with merge fields),
 * preview it per recipient, send it as a job; what was sent with each recipient's status and the
 * failed retried; the saved templates; and, with no mail server configured, the caught mail.
 */
export default function EmailInstructorsPage() {
  const viewer = useViewer();
  const active = useGetSystemActiveAcademicPeriodQuery();
  const [tab, setTab] = useState<TabId>('write');
  const [chosenPeriod, setChosenPeriod] = useState<string | null>(null);
  const [rest, setRest] = useState(START_FILTER);
  const [draft, setDraft] = useState<EmailDraft>(START_DRAFT);
  const [confirming, setConfirming] = useState(false);
  const [run, setRun] = useState<{ id: string; jobId: string } | null>(null);
  const [openSend, setOpenSend] = useState<string | null>(null);
  const [send, sendState] = useSendEmailMutation();
  const caught = useCaughtMailQuery({ take: 1, skip: 0 });

  const AcademicPeriodId =
    chosenPeriod ?? viewer.auth?.workingAcademicPeriodId ?? active.data?.id ?? '';
  const filter: RecipientFilter = { AcademicPeriodId, ...rest };
  const counted = useEmailRecipientsQuery(
    { ...filter, take: 1, skip: 0 },
    { skip: AcademicPeriodId === '' },
  );
  const receiving = counted.data?.receiving ?? 0;
  const ready = EmailDraft.safeParse(draft).success && receiving > 0 && run === null;

  const write = (
    <>
      <Section compact title="Recipients" className="allot-email-section">
        <SectionCard>
          <RecipientFilters
            filter={filter}
            onChange={({ AcademicPeriodId: period, ...next }) => {
              setChosenPeriod(period);
              setRest(next);
            }}
          />
          <RecipientList filter={filter} />
        </SectionCard>
      </Section>
      <Section compact title="Message" className="allot-email-section">
        <SectionCard>
          <MessageEditor draft={draft} onChange={setDraft} />
        </SectionCard>
      </Section>
      <Section compact title="Preview" className="allot-email-section">
        <SectionCard>
          <MessagePreview filter={filter} draft={draft} />
        </SectionCard>
      </Section>
      <div className="allot-email-actions">
        <Button
          icon="send-message"
          intent={Intent.PRIMARY}
          text={`Send to ${receiving.toLocaleString(DATE_LOCALE)} ${receiving === 1 ? 'instructor' : 'instructors'}…`}
          disabled={!ready}
          loading={sendState.isLoading}
          onClick={() => setConfirming(true)}
        />
      </div>
      {sendState.error && (
        <Callout intent={Intent.DANGER}>{problemOf(sendState.error).message}</Callout>
      )}
      {run && (
        <SendRun
          jobId={run.jobId}
          onShow={() => {
            setOpenSend(run.id);
            setTab('sent');
            setRun(null);
          }}
          onDone={() => setRun(null)}
        />
      )}
    </>
  );

  return (
    <PageFrame title="Email Instructors">
      <Tabs
        id="email-tabs"
        selectedTabId={tab}
        onChange={(next) => setTab(next as TabId)}
        renderActiveTabPanelOnly
      >
        <Tab id="write" title="Write" panel={write} />
        <Tab id="sent" title="Sent" panel={<SentEmails openId={openSend} onOpen={setOpenSend} />} />
        <Tab
          id="templates"
          title="Templates"
          panel={<ResourceListPage embedded definition={emailTemplates} />}
        />
        {caught.data?.catching && (
          <Tab id="caught" title="Caught mail" panel={<CaughtMailList />} />
        )}
      </Tabs>
      <Alert
        isOpen={confirming}
        intent={Intent.PRIMARY}
        icon="send-message"
        confirmButtonText="Send"
        cancelButtonText="Cancel"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void send({ filter, draft })
            .unwrap()
            .then((answer) => setRun({ id: answer.id, jobId: answer.jobId }))
            .catch(() => undefined);
        }}
      >
        <p>
          Send “{draft.subject}” to {receiving.toLocaleString(DATE_LOCALE)}{' '}
          {receiving === 1 ? 'instructor' : 'instructors'}? Each gets their own copy, with their
          merge fields filled in.
        </p>
      </Alert>
    </PageFrame>
  );
}

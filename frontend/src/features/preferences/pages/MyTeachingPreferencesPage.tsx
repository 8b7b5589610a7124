import { useState } from 'react';
import { Alert, Button, Callout, Intent, Tag, TextArea } from '@blueprintjs/core';
import { notify } from '../../../lib/notifications/notify.js';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { ListBody, loadedRows } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { bothQueries, QueryBody } from '../../../components/list/QueryBody.js';
import { RowActions } from '../../../components/list/RowActions.js';
import { cellText } from '../../../lib/resources/cellText.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { PreferenceDialog } from '../components/PreferenceDialog.js';
import {
  levelLabel,
  useMyPreferencesQuery,
  usePreferenceChoicesQuery,
  useRemovePreferenceMutation,
  useSubmitPreferencesMutation,
  type MyPreferences,
  type PreferenceChoices,
  type TeachingPreference,
} from '../../../lib/api/preferencesApi.js';
import { StatusTag } from '../../../components/status/PreferenceStatusTag.js';
import { UnavailableTimes } from '../components/UnavailableTimes.js';
import '../preferences.css';

const LEVEL_INTENT: Record<string, Intent> = {
  required: Intent.SUCCESS,
  stronglyPreferred: Intent.SUCCESS,
  preferred: Intent.PRIMARY,
  neutral: Intent.NONE,
  discouraged: Intent.WARNING,
  stronglyDiscouraged: Intent.WARNING,
  prohibited: Intent.DANGER,
};

const nameIn = (list: readonly { id: string; name: string }[], id: string | null, none: string) =>
  id ? (list.find((x) => x.id === id)?.name ?? id) : none;

/** Whether the faculty member may change their preferences now (the server decides too). */
function editableNow(
  mine: MyPreferences,
  today: string,
): { editable: boolean; why: string | null } {
  if (mine.status === 'submitted') {
    return {
      editable: false,
      why: `You submitted these preferences${mine.submittedAt ? ` on ${cellText(mine.submittedAt)}` : ''}. An administrator can reopen them if something must change.`,
    };
  }
  if (mine.status !== 'reopened' && mine.dueDate && today > mine.dueDate) {
    return {
      editable: false,
      why: `Preferences were due on ${mine.dueDate}. An administrator can reopen them.`,
    };
  }
  return { editable: true, why: null };
}

/** My Teaching Preferences: state, change and submit what you would like to teach this period. */
export default function MyTeachingPreferencesPage() {
  const mine = useMyPreferencesQuery();
  const choices = usePreferenceChoicesQuery();
  return (
    <QueryBody
      page
      what="Your preferences"
      query={bothQueries(mine, choices)}
      loadingLabel="Loading your preferences"
      notFound={{ icon: 'calendar', title: 'No academic period to plan' }}
    >
      {([data, options]) => <PreferencesBody mine={data} choices={options} />}
    </QueryBody>
  );
}

function PreferencesBody({ mine, choices }: { mine: MyPreferences; choices: PreferenceChoices }) {
  const [dialog, setDialog] = useState<{ editing: TeachingPreference | null } | null>(null);
  const [removing, setRemoving] = useState<TeachingPreference | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitNotes, setSubmitNotes] = useState('');
  const [remove] = useRemovePreferenceMutation();
  const [submit] = useSubmitPreferencesMutation();
  const periodId = mine.AcademicPeriodId;
  const { editable, why } = editableNow(mine, new Date().toISOString().slice(0, 10));

  const about = (p: TeachingPreference) =>
    p.CourseId
      ? `${p.courseNumber ?? p.CourseId}${p.courseName ? ` — ${p.courseName}` : ''}`
      : `Any ${nameIn(choices.assignmentTypes, p.AssignmentTypeId, 'assignment')} assignment`;

  async function confirmRemove() {
    if (!removing) return;
    const result = await remove({ periodId, id: removing.id });
    setRemoving(null);
    void notify(
      'error' in result
        ? { message: problemOf(result.error).message, intent: Intent.DANGER }
        : { message: 'Preference removed.', intent: Intent.SUCCESS },
    );
  }
  async function confirmSubmit() {
    const result = await submit({
      periodId,
      ...(submitNotes.trim() ? { notes: submitNotes.trim() } : {}),
    });
    setSubmitting(false);
    void notify(
      'error' in result
        ? { message: problemOf(result.error).message, intent: Intent.DANGER }
        : { message: 'Your preferences are submitted. Thank you!', intent: Intent.SUCCESS },
    );
  }

  const columns: TableColumn<TeachingPreference>[] = [
    { key: 'about', label: 'About', width: 280, render: about },
    {
      key: 'level',
      label: 'Preference',
      width: 160,
      render: (p) => (
        <Tag minimal intent={LEVEL_INTENT[p.level] ?? Intent.NONE}>
          {levelLabel(p.level)}
        </Tag>
      ),
    },
    { key: 'weight', label: 'Weight', width: 80, render: (p) => p.weight ?? 1 },
    {
      key: 'term',
      label: 'Term',
      width: 140,
      render: (p) => nameIn(choices.academicTerms, p.AcademicTermId, 'Any'),
    },
    {
      key: 'mode',
      label: 'Teaching mode',
      width: 140,
      render: (p) => nameIn(choices.teachingModes, p.TeachingModeId, 'Any'),
    },
    { key: 'notes', label: 'Notes', width: 240, render: (p) => p.notes },
  ];

  const actions = editable ? (
    <>
      <Button icon="add" text="Add preference" onClick={() => setDialog({ editing: null })} />
      <Button
        intent={Intent.PRIMARY}
        icon="send-message"
        text="Submit preferences"
        onClick={() => setSubmitting(true)}
      />
    </>
  ) : null;

  return (
    <PageFrame actions={actions}>
      <div className="allot-preferences__summary">
        <span>
          Academic period <strong>{mine.periodName ?? periodId}</strong>
        </span>
        <StatusTag status={mine.status} />
        {mine.dueDate && <span className="bp6-text-muted">Due {mine.dueDate}</span>}
      </div>
      {why && (
        <Callout intent={Intent.PRIMARY} icon="info-sign" className="allot-preferences__section">
          {why}
        </Callout>
      )}
      <ListBody
        what="Your preferences"
        query={loadedRows(mine.preferences)}
        filtering={false}
        empty={{
          icon: 'heart',
          title: 'No preferences yet',
          description: editable
            ? 'Tell your department which courses and kinds of assignments you would like to teach, or would rather not.'
            : 'You stated no preferences for this period.',
          action: editable ? (
            <Button icon="add" text="Add preference" onClick={() => setDialog({ editing: null })} />
          ) : null,
        }}
      >
        {(rows) => (
          <PlainTable
            label="Your teaching preferences"
            columns={columns}
            rows={rows}
            actions={
              editable
                ? (p) => (
                    <RowActions
                      rowLabel={about(p)}
                      inline={[
                        {
                          key: 'edit',
                          icon: 'edit',
                          text: 'Edit',
                          label: `Edit ${about(p)}`,
                          onClick: () => setDialog({ editing: p }),
                        },
                        {
                          key: 'remove',
                          icon: 'trash',
                          text: 'Remove',
                          label: `Remove ${about(p)}`,
                          intent: Intent.DANGER,
                          onClick: () => setRemoving(p),
                        },
                      ]}
                    />
                  )
                : undefined
            }
          />
        )}
      </ListBody>
      <UnavailableTimes periodId={periodId} saved={mine.unavailable} editable={editable} />
      {dialog && (
        <PreferenceDialog
          periodId={periodId}
          choices={choices}
          editing={dialog.editing}
          onClose={() => setDialog(null)}
          onSaved={(message) => {
            setDialog(null);
            void notify({ message, intent: Intent.SUCCESS });
          }}
        />
      )}
      <Alert
        isOpen={removing !== null}
        icon="trash"
        intent={Intent.DANGER}
        confirmButtonText="Remove"
        cancelButtonText="Cancel"
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      >
        <p>Remove the preference for {removing ? about(removing) : ''}?</p>
      </Alert>
      <Alert
        isOpen={submitting}
        icon="send-message"
        intent={Intent.PRIMARY}
        confirmButtonText="Submit"
        cancelButtonText="Not yet"
        onCancel={() => setSubmitting(false)}
        onConfirm={() => void confirmSubmit()}
      >
        <p>
          Submit {mine.preferences.length} preference{mine.preferences.length === 1 ? '' : 's'}?
          After submitting, only an administrator can reopen them for changes.
        </p>
        <TextArea
          aria-label="A note for your department (optional)"
          placeholder="A note for your department (optional)"
          fill
          value={submitNotes}
          onChange={(e) => setSubmitNotes(e.currentTarget.value)}
        />
      </Alert>
    </PageFrame>
  );
}

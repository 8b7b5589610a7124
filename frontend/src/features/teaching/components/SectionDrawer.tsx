import { useState } from 'react';
import {
  Button,
  Callout,
  Drawer,
  DrawerSize,
  FormGroup,
  InputGroup,
  Intent,
  Section,
  SectionCard,
} from '@blueprintjs/core';
import { UserPicker } from '../../../components/pickers/UserPicker.js';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { ListBody, loadedRows } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { QueryBody } from '../../../components/list/QueryBody.js';
import { RowActions } from '../../../components/list/RowActions.js';
import { notify } from '../../../lib/notifications/notify.js';
import { problemOf, type ServerProblem } from '../../../lib/errors/serverErrors.js';
import { meetingSummary } from './MeetingsEditor.js';
import { sectionPermissions } from '../sectionAbility.js';
import {
  useAssignInstructorMutation,
  useGetSectionQuery,
  useSectionInstructorsQuery,
} from '../../../lib/api/sectionsApi.js';
import type { SectionAssignment, SectionRow } from '../../../lib/domain/sectionTypes.js';
import { CoverageTag, StatusTag } from '../../../components/status/AssignmentTags.js';
import { parseShare, useAssignmentActions } from '../hooks/useAssignmentActions.js';
import { SuggestedAssignees } from './SuggestedAssignees.js';
import {
  labelOf,
  termModeLabel,
  type TeachingChoices,
} from '../../../lib/hooks/useTeachingChoices.js';
import '../teaching.css';
import '../../../components/layout/forms.css';

export function sectionLabel(s: Pick<SectionRow, 'courseNumber' | 'sectionNumber'>): string {
  return `${s.courseNumber ?? 'Section'} ${s.sectionNumber}`;
}

/**
 * "BIOL 101 001 (Fall 2026)": section numbers start again each term, so a list row's buttons
 * name the term too (when the viewer may read its name).
 */
export function sectionTermLabel(
  s: Pick<SectionRow, 'courseNumber' | 'sectionNumber'>,
  AcademicTermId: string | null | undefined,
  choices: Pick<TeachingChoices, 'terms'>,
): string {
  const term = labelOf(choices.terms, AcademicTermId);
  return term ? `${sectionLabel(s)} (${term})` : sectionLabel(s);
}

/** An assignment of the section: who, what share, the notes and where it stands. */
const ASSIGNMENT_COLUMNS: TableColumn<SectionAssignment>[] = [
  {
    key: 'instructor',
    label: 'Instructor',
    width: 180,
    render: (a) => a.instructorName ?? a.UserId,
  },
  {
    key: 'share',
    label: 'Share',
    width: 80,
    render: (a) => (a.share === null ? 'equal' : `${String(a.share)} %`),
  },
  { key: 'notes', label: 'Notes', width: 200, render: (a) => a.notes ?? '' },
  { key: 'status', label: 'Status', width: 110, render: (a) => <StatusTag status={a.status} /> },
];

/**
 * One section: its facts, meetings, and the assignments panel (assign an instructor with a share
 * and notes; approve, finalize, withdraw, unassign as the working user may).
 */
export function SectionDrawer({
  sectionId,
  choices,
  onEditMeetings,
  onHistory,
  onClose,
}: {
  sectionId: string;
  choices: TeachingChoices;
  onEditMeetings: (section: SectionRow) => void;
  onHistory: (section: SectionRow) => void;
  onClose: () => void;
}) {
  const query = useGetSectionQuery(sectionId);
  const section = query.data;
  const actions = useAssignmentActions(choices.ability);
  return (
    <Drawer
      isOpen
      onClose={onClose}
      size={DrawerSize.STANDARD}
      icon="book"
      title={section ? `${sectionLabel(section)} — ${section.name}` : 'Section'}
    >
      <div className="allot-drawer-body">
        <QueryBody what="The section" query={query} loadingLabel="Loading the section">
          {(loaded) => (
            <SectionDetails
              section={loaded}
              choices={choices}
              actions={actions}
              onEditMeetings={onEditMeetings}
              onHistory={onHistory}
            />
          )}
        </QueryBody>
        {actions.element}
      </div>
    </Drawer>
  );
}

/** The loaded section: its facts, its meetings, its assignments with their actions. */
function SectionDetails({
  section,
  choices,
  actions,
  onEditMeetings,
  onHistory,
}: {
  section: SectionRow;
  choices: TeachingChoices;
  actions: ReturnType<typeof useAssignmentActions>;
  onEditMeetings: (section: SectionRow) => void;
  onHistory: (section: SectionRow) => void;
}) {
  const can = sectionPermissions(choices.ability, section.WorkgroupId);
  return (
    <>
      <dl className="allot-teaching-summary">
        <dt>Course</dt>
        <dd>
          {section.courseNumber ?? '—'} {section.courseName ?? ''}
        </dd>
        <dt>Workgroup</dt>
        <dd>{labelOf(choices.workgroups, section.WorkgroupId) ?? section.WorkgroupId}</dd>
        <dt>Term mode</dt>
        <dd>{termModeLabel(section.TermMode, choices)}</dd>
        <dt>Enrollment</dt>
        <dd>{section.enrollment ?? '—'}</dd>
        <dt>Points</dt>
        <dd>{section.sectionPoints}</dd>
        <dt>Coverage</dt>
        <dd>
          <CoverageTag coverage={section.coverage} />
        </dd>
        {section.notes && (
          <>
            <dt>Notes</dt>
            <dd>{section.notes}</dd>
          </>
        )}
      </dl>
      <Section
        compact
        title="Meetings"
        rightElement={
          <div className="allot-teaching-actions">
            {can.schedule && (
              <Button
                icon="calendar"
                text="Edit meetings"
                onClick={() => onEditMeetings(section)}
              />
            )}
            <Button icon="history" text="History" onClick={() => onHistory(section)} />
          </div>
        }
      >
        <SectionCard>
          {section.meetings.length === 0 ? (
            <p className="allot-teaching-muted">No meetings scheduled.</p>
          ) : (
            <ul>
              {section.meetings.map((m) => (
                <li key={m.id}>
                  {meetingSummary(m, choices.locations)}, {m.startDate} –{' '}
                  {m.until ?? `${String(m.occurrences)} times`}
                  {m.exceptions && m.exceptions.length > 0
                    ? ` (not on ${m.exceptions.join(', ')})`
                    : ''}
                </li>
              ))}
            </ul>
          )}
        </SectionCard>
      </Section>
      <Section compact title="Assignments" className="allot-detail-section">
        <SectionCard>
          <ListBody
            what="The assignments"
            query={loadedRows(section.assignments)}
            filtering={false}
            empty={{
              icon: 'person',
              title: 'No instructor yet',
              description: can.assign ? 'Assign one below.' : undefined,
            }}
          >
            {(rows) => (
              <PlainTable
                label="Assignments"
                columns={ASSIGNMENT_COLUMNS}
                rows={rows}
                actions={(a) => (
                  // One section's details have room: every action the user may take is a button.
                  <RowActions
                    rowLabel={a.instructorName ?? 'the instructor'}
                    maxInline={Infinity}
                    inline={actions.actionsFor({
                      ...a,
                      sectionId: section.id,
                      WorkgroupId: section.WorkgroupId,
                      sectionLabel: sectionLabel(section),
                    })}
                  />
                )}
              />
            )}
          </ListBody>
          {can.assign && <AssignForm section={section} />}
          {can.assign && <SuggestedAssignees section={section} />}
        </SectionCard>
      </Section>
    </>
  );
}

/** Pick an instructor, a share and notes; a conflict the server marks overridable offers to assign anyway. */
function AssignForm({ section }: { section: SectionRow }) {
  const instructors = useSectionInstructorsQuery();
  const [assign] = useAssignInstructorMutation();
  const [userId, setUserId] = useState<string | null>(null);
  const [share, setShare] = useState('');
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const [shareError, setShareError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const taken = new Set(
    section.assignments.filter((a) => a.status !== 'withdrawn').map((a) => a.UserId),
  );
  const options = (instructors.data ?? [])
    .filter((u) => !taken.has(u.id))
    .map((u) => ({ value: u.id, label: u.displayName }));

  async function submit(override: boolean) {
    if (!userId) return;
    const parsed = parseShare(share);
    if (Number.isNaN(parsed)) {
      setShareError('A percent above 0 and at most 100, or empty.');
      return;
    }
    setShareError(null);
    setSaving(true);
    const result = await assign({
      sectionId: section.id,
      UserId: userId,
      share: parsed,
      notes: notes.trim() || null,
      override,
    });
    setSaving(false);
    if ('error' in result) {
      setProblem(problemOf(result.error));
      return;
    }
    const name = options.find((o) => o.value === userId)?.label ?? 'Instructor';
    void notify({
      message: `${name} assigned to ${sectionLabel(section)}.`,
      intent: Intent.SUCCESS,
    });
    setProblem(null);
    setUserId(null);
    setShare('');
    setNotes('');
  }

  return (
    <form
      className="allot-detail-section"
      aria-label="Assign an instructor"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(false);
      }}
    >
      {problem && (
        <Callout
          intent={problem.status === 422 ? Intent.WARNING : Intent.DANGER}
          role="alert"
          title={problem.overridable ? 'Not assigned: a conflict' : 'Not assigned'}
          className="allot-form-callout"
        >
          <p>{problem.message}</p>
          {problem.overridable && (
            <Button
              intent={Intent.WARNING}
              icon="warning-sign"
              text="Override and assign"
              loading={saving}
              onClick={() => void submit(true)}
            />
          )}
        </Callout>
      )}
      <div className="allot-assign-form">
        <UserPicker
          label="Instructor"
          users={options}
          value={userId}
          onChange={(id) => {
            setUserId(id);
            setProblem(null);
          }}
        />
        <FormGroup
          label="Share (%)"
          labelFor="assign-share"
          intent={shareError ? Intent.DANGER : Intent.NONE}
          helperText={shareError ?? undefined}
        >
          <InputGroup
            id="assign-share"
            placeholder="equal"
            inputMode="decimal"
            value={share}
            onValueChange={setShare}
          />
        </FormGroup>
        <FormGroup label="Notes" labelFor="assign-notes">
          <InputGroup id="assign-notes" value={notes} onValueChange={setNotes} />
        </FormGroup>
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="add"
          text="Assign"
          disabled={!userId}
          loading={saving}
        />
      </div>
    </form>
  );
}

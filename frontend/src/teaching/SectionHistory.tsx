import {
  Callout,
  Drawer,
  DrawerSize,
  HTMLTable,
  Intent,
  NonIdealState,
  Section,
  SectionCard,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { formatValue, whenOf, whoOf } from '../resources/historyFormat.js';
import { problemOf } from '../resources/serverErrors.js';
import { SectionAsOfPanel } from './SectionAsOf.js';
import { useSectionHistoryQuery } from './sectionsApi.js';
import {
  ASSIGNMENT_STATUSES,
  type AssignmentStatus,
  type Meeting,
  type SectionHistoryEntry,
} from './sectionTypes.js';
import { statusLabel } from './tags.js';
import { meetingSummary } from './MeetingsEditor.js';
import { labelOf, termModeLabel, type TeachingChoices } from './useTeachingChoices.js';

const STATUS_NAMES = Object.fromEntries(ASSIGNMENT_STATUSES.map((s) => [s, true]));

const FIELD_LABELS: Record<string, string> = {
  CourseOfferingId: 'Course offering',
  WorkgroupId: 'Workgroup',
  name: 'Name',
  sectionNumber: 'Section number',
  enrollment: 'Enrollment',
  defaultPoints: 'Default points',
  points: 'Points',
  notes: 'Notes',
  TermMode: 'Term mode',
  'TermMode.AcademicTermId': 'Term',
  'TermMode.TeachingModeId': 'Teaching mode',
  allowOverlap: 'Cross-listed',
  meetings: 'Meetings',
  status: 'Status',
  share: 'Share (%)',
  approval: 'Approval',
  reason: 'Reason',
  overriddenConflict: 'Overridden conflict',
};

const ACTIONS: Record<string, string> = {
  SectionCreated: 'Created',
  SectionUpdated: 'Updated',
  SectionDeleted: 'Deleted',
  SectionMeetingsSet: 'Meetings set',
  SectionMeetingMoved: 'Meeting moved',
  TeachingAssignmentCreated: 'Instructor assigned',
  TeachingAssignmentChanged: 'Assignment changed',
  TeachingAssignmentDeleted: 'Instructor unassigned',
  TeachingAssignmentReassigned: 'Instructor merged',
};

function valueText(field: string, value: unknown, choices: TeachingChoices): string {
  if (field === 'meetings' && Array.isArray(value)) {
    const meetings = value as Meeting[];
    return meetings.length === 0
      ? '(none)'
      : meetings.map((m) => meetingSummary(m, choices.locations)).join('; ');
  }
  if (field === 'TermMode' && value && typeof value === 'object') {
    return termModeLabel(value as { AcademicTermId: string; TeachingModeId: string }, choices);
  }
  if (field === 'approval') return value === 'workgroup' ? 'Workgroup' : 'Academic affairs';
  if (field === 'status' && typeof value === 'string' && value in STATUS_NAMES)
    return statusLabel(value as AssignmentStatus);
  // References read as names where the user may list them.
  const options =
    field === 'WorkgroupId'
      ? choices.workgroups
      : field === 'TermMode.AcademicTermId'
        ? choices.terms
        : field === 'TermMode.TeachingModeId'
          ? choices.teachingModes
          : null;
  if (options && typeof value === 'string') return labelOf(options, value) ?? value;
  return formatValue(value);
}

export function SectionHistoryList({
  entries,
  choices,
}: {
  entries: readonly SectionHistoryEntry[];
  choices: TeachingChoices;
}) {
  if (entries.length === 0)
    return <NonIdealState icon="history" title="No history" description="Nothing recorded yet." />;
  return (
    <div className="allot-history">
      {[...entries].reverse().map((entry) => (
        <Section
          key={entry.position}
          compact
          title={`${ACTIONS[entry.type] ?? entry.type}${entry.assignment ? `: ${entry.assignment.instructor.displayName}` : ''}`}
          subtitle={`${whenOf(entry.at)} · ${whoOf(entry)}`}
          rightElement={<Tag minimal>rev {entry.revision}</Tag>}
        >
          {entry.changes.length > 0 && (
            <SectionCard padded={false}>
              <HTMLTable compact className="allot-history-changes">
                <thead>
                  <tr>
                    <th>Field</th>
                    <th>From</th>
                    <th>To</th>
                  </tr>
                </thead>
                <tbody>
                  {entry.changes.map((change, i) => (
                    <tr key={`${change.field}-${String(i)}`}>
                      <td>{FIELD_LABELS[change.field] ?? change.field}</td>
                      <td>{valueText(change.field, change.from, choices)}</td>
                      <td>{valueText(change.field, change.to, choices)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </SectionCard>
          )}
        </Section>
      ))}
    </div>
  );
}

/** GET /api/history/sections/:id in a drawer: the section, its meetings and its assignments. */
export function SectionHistoryDrawer({
  sectionId,
  label,
  choices,
  onClose,
}: {
  sectionId: string;
  label: string;
  choices: TeachingChoices;
  onClose: () => void;
}) {
  const { data, error, isLoading } = useSectionHistoryQuery(sectionId);
  return (
    <Drawer
      isOpen
      onClose={onClose}
      size={DrawerSize.SMALL}
      icon="history"
      title={`History: ${label}`}
    >
      <div className="allot-drawer-body">
        {isLoading && <Spinner aria-label="Loading history" />}
        {error && (
          <Callout intent={Intent.DANGER} title="History could not be loaded">
            {problemOf(error).message}
          </Callout>
        )}
        {data && (
          <SectionAsOfPanel
            sectionId={sectionId}
            nameOf={(userId) =>
              data.rows.find((r) => r.assignment?.instructor.id === userId)?.assignment?.instructor
                .displayName ?? userId
            }
          />
        )}
        {data && <SectionHistoryList entries={data.rows} choices={choices} />}
      </div>
    </Drawer>
  );
}

import { HistoryEntries } from '../../../components/resources/HistoryEntries.js';
import { HistoryDrawerFrame } from '../../../components/resources/HistoryPanel.js';
import { SectionAsOfPanel } from './SectionAsOf.js';
import { useSectionHistoryQuery } from '../../../lib/api/sectionsApi.js';
import type { SectionHistoryEntry } from '../../../lib/domain/sectionTypes.js';
import { changesLink } from '../../../lib/changesLink.js';

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

/** 'Assignment changed: Ada Lovelace'; the server words each change (sectionChangeDisplay.ts). */
function titleOf(entry: SectionHistoryEntry): string {
  const action = ACTIONS[entry.type] ?? 'Changed';
  return entry.assignment ? `${action}: ${entry.assignment.instructor.displayName}` : action;
}

export function SectionHistoryList({ entries }: { entries: readonly SectionHistoryEntry[] }) {
  return <HistoryEntries entries={entries} titleOf={titleOf} />;
}

/** GET /api/history/sections/:id in a drawer: the section, its meetings and its assignments. */
export function SectionHistoryDrawer({
  sectionId,
  label,
  workgroupId,
  onClose,
}: {
  sectionId: string;
  label: string;
  /** The section's workgroup: the drawer links to every change in it. */
  workgroupId?: string | null;
  onClose: () => void;
}) {
  const { data, error, isLoading } = useSectionHistoryQuery(sectionId);
  return (
    <HistoryDrawerFrame
      title={`History: ${label}`}
      isLoading={isLoading}
      error={error}
      onClose={onClose}
      {...(workgroupId
        ? {
            changes: {
              to: changesLink({ workgroup: workgroupId }),
              text: 'All changes in this workgroup',
            },
          }
        : {})}
    >
      {data && (
        <SectionAsOfPanel
          sectionId={sectionId}
          nameOf={(userId) =>
            data.rows.find((r) => r.assignment?.instructor.id === userId)?.assignment?.instructor
              .displayName ?? userId
          }
        />
      )}
      {data && <SectionHistoryList entries={data.rows} />}
    </HistoryDrawerFrame>
  );
}

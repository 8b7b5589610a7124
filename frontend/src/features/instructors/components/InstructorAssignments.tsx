import { Link } from 'react-router';
import { Callout } from '@blueprintjs/core';
import type { AssignmentRow } from '../../../lib/domain/sectionTypes.js';
import { AlignmentTag } from '../../../components/status/AlignmentTag.js';
import { ListBody } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { useListSectionAssignmentsQuery } from '../../../lib/api/sectionsApi.js';
import { assignmentColumns } from './assignmentColumns.js';

/** More than one instructor teaches in a period; the list shows them all on one page. */
const TAKE = 500;

const COLUMNS = assignmentColumns<AssignmentRow>({
  extra: [
    {
      key: 'alignment',
      label: 'Alignment',
      width: 120,
      render: (a) => <AlignmentTag alignment={a.preferenceAlignment ?? null} />,
    },
  ],
  share: (a) => `${a.sharePercent} %${a.share === null ? ' (equal)' : ''}`,
});

/**
 * The Assignments tab: the instructor's section assignments in the period (withdrawn included),
 * each with its status and how it aligns with their preferences (GET /api/sectionAssignments).
 */
export function InstructorAssignments({ userId, periodId }: { userId: string; periodId: string }) {
  const list = useListSectionAssignmentsQuery(
    {
      UserId: userId,
      AcademicPeriodId: periodId,
      take: TAKE,
      skip: 0,
      sort: JSON.stringify([
        ['courseNumber', 'ASC'],
        ['sectionNumber', 'ASC'],
      ]),
    },
    { skip: periodId === '' },
  );
  if (periodId === '') {
    return <Callout icon="calendar">Choose an academic period to see the assignments.</Callout>;
  }
  const count = list.data?.count ?? 0;
  return (
    <ListBody
      what="The assignments"
      query={list}
      filtering={false}
      loadingLabel="Loading the assignments"
      empty={{
        icon: 'info-sign',
        title: 'No section assignments',
        description:
          'This instructor has no section assignment in this period, or none in the workgroups you may read.',
      }}
    >
      {(rows) => (
        <>
          <PlainTable label="Section assignments" columns={COLUMNS} rows={rows} />
          <p className="bp6-text-muted allot-instructor__note">
            {count > rows.length ? `The first ${rows.length} of ${count} assignments. ` : ''}
            Approve, change or withdraw them on{' '}
            <Link to={`/sectionAssignments?UserId=${encodeURIComponent(userId)}`}>
              Section Assignments
            </Link>
            .
          </p>
        </>
      )}
    </ListBody>
  );
}

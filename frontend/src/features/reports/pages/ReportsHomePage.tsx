import { useState } from 'react';
import { Link } from 'react-router';
import { Card, H3, H4, Icon, Intent, type IconName } from '@blueprintjs/core';
import {
  QUERYABLE_REPORT_TYPES,
  REPORT_DEFINITIONS,
  type QueryableReportType,
  type ReportType,
  type SavedReportAnswer,
} from '@allot/shared-events/browser';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { FilterBar } from '../../../components/list/ListPage.js';
import { useServerList, type ServerListSpec } from '../../../components/list/useServerList.js';
import { useGetAuthQuery } from '../../../lib/api/sessionApi.js';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { notify } from '../../../lib/notifications/notify.js';
import {
  useListReportSnapshotsQuery,
  useListSavedReportsQuery,
  useUpdateSavedReportMutation,
} from '../api/reportsApi.js';
import { ReportDetailsDialog } from '../components/ReportDialogs.js';
import {
  ReportTypeFilter,
  SavedReportsList,
  SnapshotsList,
} from '../components/SavedReportsList.js';
import { ReportCharts } from '../charts/ReportCharts.js';
import { ExportsList } from '../exports/ExportsList.js';
import { reportTypeOf, savedReportRights } from '../reportGrid.js';
import '../reports.css';

const TYPE_ICONS: Record<QueryableReportType, IconName> = {
  Courses: 'book',
  CourseOfferings: 'calendar',
  Instructors: 'people',
  InstructorWorkloads: 'timeline-bar-chart',
  Sections: 'th-list',
  SectionSchedules: 'time',
  TeachingAssignments: 'endorsed',
  TeachingPreferences: 'star',
  TeachingPreferenceSubmissions: 'inbox',
  Users: 'person',
};

/** "New report": each type Allot can run, what it shows, opened with its default grid. */
export function ReportTypeCards() {
  return (
    <ul className="allot-report-types" aria-label="Report types">
      {QUERYABLE_REPORT_TYPES.map((type) => {
        const definition = REPORT_DEFINITIONS[type];
        return (
          <li key={type}>
            <Card className="allot-report-type">
              <H4 className="allot-report-type__title">
                <Icon icon={TYPE_ICONS[type]} />{' '}
                <Link to={`/reports/${type}`}>{definition.title}</Link>
              </H4>
              <p className="allot-report-muted">{definition.description}</p>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

const LIST: ServerListSpec<'reportType'> = { filters: { reportType: 'type' } };

/**
 * /reports: the saved reports the viewer may open (system ones marked, custom ones with their
 * owner, those needing a check marked), filtered by type; a new report of any type; the viewer's
 * snapshots; their exports, to download later (for those who may export); the charts of the
 * working period.
 */
export default function ReportsHomePage() {
  const list = useServerList(LIST);
  const reportType = (reportTypeOf(list.filters.reportType ?? '') ?? undefined) as
    ReportType | undefined;
  const saved = useListSavedReportsQuery(reportType ? { reportType } : undefined);
  const snapshots = useListReportSnapshotsQuery();
  const ability = useSignedInAbility();
  const viewerId = useGetAuthQuery().data?.workingUserId ?? null;
  const [editing, setEditing] = useState<SavedReportAnswer | null>(null);
  const [update] = useUpdateSavedReportMutation();
  const mayPublish = ability?.can('manage', 'Report') ?? false;
  const mayExport = ability?.can('read', 'DataExport') ?? false;

  return (
    <PageFrame>
      <section aria-labelledby="saved-reports" className="allot-report-section">
        <H3 id="saved-reports">Saved reports</H3>
        <FilterBar>
          <ReportTypeFilter
            value={reportType ?? ''}
            onChange={(type) => list.setFilters({ reportType: type || null })}
          />
        </FilterBar>
        <SavedReportsList
          query={saved}
          viewerId={viewerId}
          filtering={reportType !== undefined}
          empty={{
            title: 'No saved reports yet',
            description:
              'Open a report below, choose its columns, filters and sorting, and save it to find it here.',
          }}
          rowActions={{
            actions: (report) =>
              savedReportRights(ability, viewerId, report).change
                ? [
                    {
                      key: 'details',
                      icon: 'edit',
                      text: 'Edit details',
                      label: `Edit the details of ${report.name}`,
                      onClick: () => setEditing(report),
                    },
                  ]
                : [],
            mayDelete: (report) => savedReportRights(ability, viewerId, report).delete,
          }}
        />
      </section>
      <section aria-labelledby="new-report" className="allot-report-section">
        <H3 id="new-report">New report</H3>
        <ReportTypeCards />
      </section>
      <section aria-labelledby="snapshots" className="allot-report-section">
        <H3 id="snapshots">Snapshots</H3>
        <SnapshotsList
          query={snapshots}
          viewerId={viewerId}
          mayDeleteAny={ability?.can('delete', 'Report') ?? false}
        />
      </section>
      {mayExport && (
        <section aria-labelledby="report-exports" className="allot-report-section">
          <H3 id="report-exports">My exports</H3>
          <ExportsList />
        </section>
      )}
      <ReportCharts />
      {editing && (
        <ReportDetailsDialog
          title={`Details of ${editing.name}`}
          submitText="Save"
          initial={{
            name: editing.name,
            description: editing.description ?? '',
            type: editing.type,
            sharedWithRoles: editing.sharedWithRoles,
          }}
          mayPublish={mayPublish}
          kindFixed
          onClose={() => setEditing(null)}
          onSubmit={async (details) => {
            const result = await update({
              id: editing.id,
              revision: editing.revision,
              body: {
                name: details.name,
                description: details.description.trim() || null,
                ...(mayPublish ? { sharedWithRoles: details.sharedWithRoles } : {}),
              },
            });
            if ('error' in result) return problemOf(result.error);
            setEditing(null);
            void notify({ message: `“${details.name}” saved.`, intent: Intent.SUCCESS });
            return null;
          }}
        />
      )}
    </PageFrame>
  );
}

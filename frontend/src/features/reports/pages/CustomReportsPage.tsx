import { Button, Intent, NonIdealState } from '@blueprintjs/core';
import type { ReportType } from '@allot/shared-events/browser';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { FilterBar } from '../../../components/list/ListPage.js';
import { QueryBody } from '../../../components/list/QueryBody.js';
import {
  useServerList,
  type ServerList,
  type ServerListSpec,
} from '../../../components/list/useServerList.js';
import { useGetAuthQuery } from '../../../lib/api/sessionApi.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { notify } from '../../../lib/notifications/notify.js';
import {
  useCreateSavedReportMutation,
  useGetSavedReportQuery,
  useListSavedReportsQuery,
  useUpdateSavedReportMutation,
} from '../api/reportsApi.js';
import { ReportEditor, type EditedReport } from '../components/ReportEditor.js';
import { ReportTypeFilter, SavedReportsList } from '../components/SavedReportsList.js';
import { reportTypeOf } from '../reportGrid.js';
import '../reports.css';

/** The type filter, and which report the editor shows (`edit=new` or a report's id). */
const LIST: ServerListSpec<'reportType' | 'edit'> = {
  filters: { reportType: 'type', edit: 'edit' },
};
const NEW = 'new';

/**
 * /reports/admin — Custom Reports (manage on Report): every saved report, a new one defined on
 * the report grid (type, name, description, columns, filters, who sees it), changed or deleted.
 */
export default function CustomReportsPage() {
  const list = useServerList(LIST);
  const editing = list.filters.edit;
  const close = () => list.setFilters({ edit: null });
  if (editing === NEW) return <NewReport onClose={close} />;
  if (editing) return <EditReport key={editing} id={editing} onClose={close} />;
  return <AllReports list={list} />;
}

function AllReports({ list }: { list: ServerList<'reportType' | 'edit'> }) {
  const reportType = (reportTypeOf(list.filters.reportType ?? '') ?? undefined) as
    ReportType | undefined;
  const saved = useListSavedReportsQuery(reportType ? { reportType } : undefined);
  const viewerId = useGetAuthQuery().data?.workingUserId ?? null;
  const newButton = (
    <Button
      intent={Intent.PRIMARY}
      icon="add"
      text="New report"
      onClick={() => list.setFilters({ edit: NEW })}
    />
  );
  return (
    <PageFrame actions={newButton}>
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
            'Define a report for others: its columns and filters, and the roles that see it.',
          action: newButton,
        }}
        rowActions={{
          actions: (report) => [
            {
              key: 'edit',
              icon: 'edit',
              text: 'Edit',
              label: `Edit ${report.name}`,
              onClick: () => list.setFilters({ edit: report.id }),
            },
          ],
          mayDelete: () => true,
        }}
      />
    </PageFrame>
  );
}

function NewReport({ onClose }: { onClose: () => void }) {
  const [create] = useCreateSavedReportMutation();
  async function save({ details, reportType, gridState }: EditedReport) {
    const result = await create({
      name: details.name,
      description: details.description.trim() || null,
      reportType,
      gridState,
      type: details.type,
      sharedWithRoles: details.type === 'custom' ? details.sharedWithRoles : [],
      AcademicPeriodId: null,
    });
    if ('error' in result) return problemOf(result.error);
    void notify({ message: `“${details.name}” saved.`, intent: Intent.SUCCESS });
    onClose();
    return null;
  }
  return (
    <PageFrame title="New report" description="Define a report, and who sees it.">
      <ReportEditor onSave={save} onCancel={onClose} />
    </PageFrame>
  );
}

function EditReport({ id, onClose }: { id: string; onClose: () => void }) {
  const report = useGetSavedReportQuery(id);
  const [update] = useUpdateSavedReportMutation();
  return (
    <QueryBody
      what="The saved report"
      query={report}
      loadingLabel="Loading the saved report"
      notFound={{ icon: 'search', title: 'This report was deleted' }}
      page
    >
      {(found) =>
        reportTypeOf(found.reportType) ? (
          <PageFrame title={`Edit ${found.name}`} description="Change the report, and who sees it.">
            <ReportEditor
              report={found}
              onCancel={onClose}
              onSave={async ({ details, gridState }) => {
                const result = await update({
                  id: found.id,
                  revision: found.revision,
                  body: {
                    name: details.name,
                    description: details.description.trim() || null,
                    gridState,
                    ...(found.type === 'custom'
                      ? { sharedWithRoles: details.sharedWithRoles }
                      : {}),
                  },
                });
                if ('error' in result) return problemOf(result.error);
                void notify({ message: `“${details.name}” saved.`, intent: Intent.SUCCESS });
                onClose();
                return null;
              }}
            />
          </PageFrame>
        ) : (
          <PageFrame title={found.name}>
            <NonIdealState icon="th-disconnect" title="This report cannot be edited here" />
          </PageFrame>
        )
      }
    </QueryBody>
  );
}

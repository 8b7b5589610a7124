import { useState } from 'react';
import { Alert, Button, Drawer, DrawerSize, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useSearchParams } from 'react-router';
import {
  REPORT_DEFINITIONS,
  describeSchedule,
  isUnfinishedExport,
  type DataServiceAnswer,
  type DataServiceBody,
  type DataServiceRunAnswer,
} from '@allot/shared-events/browser';
import { ListPage } from '../../../components/list/ListPage.js';
import { PlainTable } from '../../../components/list/PlainTable.js';
import { Empty, QueryBody, bothQueries } from '../../../components/list/QueryBody.js';
import { RowActions, type RowActionItem } from '../../../components/list/RowActions.js';
import type { TableColumn } from '../../../components/list/DataTable.js';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';
import { DATE_LOCALE } from '../../../lib/constants.js';
import { problemOf, type ServerProblem } from '../../../lib/errors/serverErrors.js';
import { notify } from '../../../lib/notifications/notify.js';
import { useListSavedReportsQuery } from '../api/reportsApi.js';
import { ExportStatus, UNFINISHED_POLL_MS } from '../exports/ExportsList.js';
import { FORMAT_LABELS, sizeText } from '../exports/exportFormat.js';
import '../exports/exports.css';
import {
  downloadRun,
  useCreateDataServiceMutation,
  useDeleteDataServiceMutation,
  useListDataServiceRunsQuery,
  useListDataServicesQuery,
  useRunDataServiceMutation,
  useUpdateDataServiceMutation,
} from './dataServicesApi.js';
import { DataServiceDialog } from './DataServiceDialog.js';
import { ImportPanel } from './imports/ImportPanel.js';
import { ImportRuns } from './imports/ImportRuns.js';
import './dataServices.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString(DATE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

const TRIGGER_LABELS = { manual: 'Run by hand', schedule: 'On schedule' } as const;

function LastRun({ run }: { run: DataServiceRunAnswer | null }) {
  if (!run) return <span className="allot-data-service-muted">Not run yet</span>;
  return (
    <div className="allot-data-service-last-run">
      <ExportStatus row={run} />
      <span className="allot-data-service-muted">{when(run.createdAt)}</span>
    </div>
  );
}

/** A data service's runs, newest first, with their files. */
function RunHistory({ service, onClose }: { service: DataServiceAnswer; onClose: () => void }) {
  // While a run is unfinished the list asks again (its end shows).
  const [polling, setPolling] = useState(false);
  const runs = useListDataServiceRunsQuery(service.id, {
    pollingInterval: polling ? UNFINISHED_POLL_MS : 0,
  });
  const unfinished = runs.data?.rows.some((r) => isUnfinishedExport(r.status)) ?? false;
  if (unfinished !== polling) setPolling(unfinished);
  const columns: TableColumn<DataServiceRunAnswer>[] = [
    {
      key: 'createdAt',
      label: 'Started',
      width: 170,
      rowHeader: true,
      render: (row) => when(row.createdAt),
    },
    { key: 'trigger', label: 'How', width: 110, render: (row) => TRIGGER_LABELS[row.trigger] },
    { key: 'by', label: 'By', width: 150, render: (row) => row.owner.name ?? '' },
    { key: 'status', label: 'Status', width: 220, render: (row) => <ExportStatus row={row} /> },
    {
      key: 'rows',
      label: 'Rows',
      width: 80,
      render: (row) => (row.rowCount === null ? '' : row.rowCount.toLocaleString(DATE_LOCALE)),
    },
    { key: 'size', label: 'Size', width: 80, render: (row) => sizeText(row.size) },
  ];
  return (
    <Drawer
      isOpen
      size={DrawerSize.STANDARD}
      title={`Runs of ${service.name}`}
      icon="history"
      onClose={onClose}
    >
      <div className="allot-data-service-runs">
        <QueryBody what="The runs" query={runs} loadingLabel="Loading the runs">
          {(data) =>
            data.rows.length === 0 ? (
              <Empty
                icon="history"
                title="Not run yet"
                description="Run it now, or wait for its schedule: each run's file is kept here."
              />
            ) : (
              <PlainTable
                label={`Runs of ${service.name}`}
                columns={columns}
                rows={data.rows}
                actions={(row) =>
                  row.status === 'done' ? (
                    <RowActions
                      rowLabel={when(row.createdAt)}
                      inline={[
                        {
                          key: 'download',
                          icon: 'download',
                          text: 'Download',
                          label: `Download ${row.fileName} of ${when(row.createdAt)}`,
                          onClick: () => downloadRun(service.id, row.id, row.fileName),
                        },
                      ]}
                    />
                  ) : null
                }
              />
            )
          }
        </QueryBody>
      </div>
    </Drawer>
  );
}

/**
 * /dataServices — Data Services (admins and academic operations admins, dataServicesEnabled):
 * saved export definitions of saved reports, each run now or on its schedule, with the run
 * history and the files.
 */
export default function DataServicesPage() {
  const ability = useSignedInAbility();
  const may = (action: 'create' | 'update' | 'delete') =>
    ability?.can(action, 'DataServices') ?? false;
  // While a last run is unfinished the list asks again (its end shows).
  const [polling, setPolling] = useState(false);
  const services = useListDataServicesQuery(undefined, {
    pollingInterval: polling ? UNFINISHED_POLL_MS : 0,
  });
  const reports = useListSavedReportsQuery(undefined);
  const unfinished =
    services.data?.rows.some((s) => s.lastRun && isUnfinishedExport(s.lastRun.status)) ?? false;
  if (unfinished !== polling) setPolling(unfinished);
  const [create] = useCreateDataServiceMutation();
  const [update] = useUpdateDataServiceMutation();
  const [remove, removing] = useDeleteDataServiceMutation();
  const [run] = useRunDataServiceMutation();
  const [editing, setEditing] = useState<DataServiceAnswer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DataServiceAnswer | null>(null);
  /** The import run last started from a saved import's source: its history follows it. */
  const [followedRun, setFollowedRun] = useState<string | null>(null);
  const [history, setHistory] = useState<DataServiceAnswer | null>(null);
  const [params, setParams] = useSearchParams();

  async function save(body: DataServiceBody): Promise<ServerProblem | null> {
    const result =
      editing && editing !== 'new' ? await update({ ...body, id: editing.id }) : await create(body);
    if ('error' in result) return problemOf(result.error);
    setEditing(null);
    void notify({ message: `“${body.name}” saved.`, intent: Intent.SUCCESS });
    return null;
  }

  async function runNow(service: DataServiceAnswer) {
    const result = await run(service.id);
    if ('error' in result) {
      void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
      return;
    }
    void notify({ message: `“${service.name}” is running.`, intent: Intent.PRIMARY });
  }

  const columns: TableColumn<DataServiceAnswer>[] = [
    {
      key: 'name',
      label: 'Name',
      width: 220,
      rowHeader: true,
      render: (row) => (
        <div>
          <div>{row.name}</div>
          {row.description && <div className="allot-data-service-muted">{row.description}</div>}
        </div>
      ),
    },
    {
      key: 'report',
      label: 'Report',
      width: 200,
      render: (row) =>
        row.savedReport ? (
          <div>
            <div>{row.savedReport.name}</div>
            <div className="allot-data-service-muted">
              {REPORT_DEFINITIONS[row.savedReport.reportType].title}
            </div>
          </div>
        ) : (
          <Tag minimal intent={Intent.WARNING} icon="warning-sign">
            Report deleted: runs fail
          </Tag>
        ),
    },
    { key: 'format', label: 'Format', width: 100, render: (row) => FORMAT_LABELS[row.format] },
    {
      key: 'schedule',
      label: 'Runs by itself',
      width: 220,
      render: (row) => (
        <div>
          <div>{describeSchedule(row.schedule)}</div>
          {row.schedule && (
            <div className="allot-data-service-muted">
              {row.timeZone} time, as {row.owner.name ?? 'its owner'}
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'nextRunAt',
      label: 'Next run',
      width: 150,
      render: (row) => (row.nextRunAt ? when(row.nextRunAt) : ''),
    },
    {
      key: 'lastRun',
      label: 'Last run',
      width: 220,
      render: (row) => <LastRun run={row.lastRun} />,
    },
  ];

  const actionsOf = (row: DataServiceAnswer): RowActionItem[] => [
    ...(may('update')
      ? [
          {
            key: 'run',
            icon: 'play' as const,
            text: 'Run now',
            label: `Run ${row.name} now`,
            disabled: row.savedReport === null,
            onClick: () => void runNow(row),
          },
        ]
      : []),
    {
      key: 'runs',
      icon: 'history' as const,
      text: 'Runs',
      label: `Runs of ${row.name}`,
      onClick: () => setHistory(row),
    },
  ];
  const moreOf = (row: DataServiceAnswer): RowActionItem[] => [
    ...(may('update')
      ? [
          {
            key: 'edit',
            icon: 'edit' as const,
            text: 'Edit',
            label: `Edit ${row.name}`,
            onClick: () => setEditing(row),
          },
        ]
      : []),
    ...(may('delete')
      ? [
          {
            key: 'delete',
            icon: 'trash' as const,
            text: 'Delete',
            label: `Delete ${row.name}`,
            intent: Intent.DANGER,
            onClick: () => setDeleting(row),
          },
        ]
      : []),
  ];

  const newButton = may('create') ? (
    <Button
      intent={Intent.PRIMARY}
      icon="add"
      text="New data service"
      onClick={() => setEditing('new')}
    />
  ) : null;

  const exportsView = (
    <QueryBody
      what="The data services"
      query={bothQueries(services, reports)}
      loadingLabel="Loading the data services"
    >
      {([data, saved]) => (
        <>
          {data.rows.length === 0 ? (
            <Empty
              icon="database"
              title="No data services yet"
              description="A data service writes a saved report to a CSV or Excel file, when you run it or on a schedule (every night, every Monday), and keeps each run's file."
              action={newButton ?? undefined}
            />
          ) : (
            <PlainTable
              label="Data services"
              columns={columns}
              rows={data.rows}
              actions={(row) => (
                <RowActions rowLabel={row.name} inline={actionsOf(row)} more={moreOf(row)} />
              )}
            />
          )}
          {editing && (
            <DataServiceDialog
              service={editing === 'new' ? null : editing}
              reports={saved.rows.filter((r) => r.reportType !== 'Snapshot')}
              onSubmit={save}
              onClose={() => setEditing(null)}
            />
          )}
        </>
      )}
    </QueryBody>
  );
  const importing = params.get('view') === 'imports' && may('create');

  return (
    <ListPage actions={importing ? null : newButton}>
      {may('create') ? (
        // Each tab owns its panel, so the tab's aria-controls names an element that exists.
        <Tabs
          id="data-services-view"
          selectedTabId={importing ? 'imports' : 'exports'}
          onChange={(id) => setParams(id === 'imports' ? { view: 'imports' } : {})}
          renderActiveTabPanelOnly
        >
          <Tab id="exports" title="Exports" panel={exportsView} />
          <Tab
            id="imports"
            title="Imports"
            panel={
              <>
                <ImportPanel onRunStarted={setFollowedRun} />
                <ImportRuns
                  follow={followedRun}
                  shown={params.get('run')}
                  onShownClosed={() => setParams({ view: 'imports' })}
                />
              </>
            }
          />
        </Tabs>
      ) : (
        exportsView
      )}
      {history && <RunHistory service={history} onClose={() => setHistory(null)} />}
      <Alert
        isOpen={deleting !== null}
        icon="trash"
        intent={Intent.DANGER}
        cancelButtonText="Cancel"
        confirmButtonText="Delete"
        loading={removing.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const name = deleting.name;
          void remove(deleting.id).then((result) => {
            setDeleting(null);
            void notify(
              'error' in result
                ? { message: problemOf(result.error).message, intent: Intent.DANGER }
                : { message: `“${name}” deleted.`, intent: Intent.SUCCESS },
            );
          });
        }}
      >
        <p>
          Delete the data service <strong>{deleting?.name}</strong>, its schedule and the files of
          its runs? The saved report stays. This cannot be undone.
        </p>
      </Alert>
    </ListPage>
  );
}

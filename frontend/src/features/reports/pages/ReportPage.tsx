import { useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Callout,
  Classes,
  Icon,
  Intent,
  NonIdealState,
  Tag,
} from '@blueprintjs/core';
import {
  REPORT_DEFINITIONS,
  defaultGridState,
  type GridState,
  type QueryableReportType,
  type ReportSnapshotAnswer,
  type SavedReportAnswer,
} from '@allot/shared-events/browser';
import { PageFrame } from '../../../components/layout/PageFrame.js';
import { QueryBody } from '../../../components/list/QueryBody.js';
import { useGetAuthQuery } from '../../../lib/api/sessionApi.js';
import { useSignedInAbility } from '../../../lib/auth/useAbility.js';
import { problemOf } from '../../../lib/errors/serverErrors.js';
import { notify } from '../../../lib/notifications/notify.js';
import {
  useCreateSavedReportMutation,
  useDeleteReportSnapshotMutation,
  useGetReportSnapshotQuery,
  useGetSavedReportQuery,
  useTakeReportSnapshotMutation,
  useUpdateSavedReportMutation,
} from '../api/reportsApi.js';
import { ReportDetailsDialog, SnapshotDialog } from '../components/ReportDialogs.js';
import { NO_DETAILS } from '../components/ReportDetailsFields.js';
import { ExportButton } from '../exports/ExportButton.js';
import { ReportView } from '../components/ReportView.js';
import { useReportPeriods } from '../hooks/useReportPeriods.js';
import { useReportState } from '../hooks/useReportState.js';
import { formatDateTime, reportTypeOf, savedReportRights } from '../reportGrid.js';

/** Back to the reports home, drawn as the page's other actions are. */
function AllReportsLink() {
  return (
    <Link to="/reports" className={`${Classes.BUTTON} ${Classes.MINIMAL}`}>
      <Icon icon="arrow-left" />
      <span className={Classes.BUTTON_TEXT}>All reports</span>
    </Link>
  );
}

const reportLink = (type: string, param: 'report' | 'snapshot', id: string) =>
  `/reports/${type}?${param}=${encodeURIComponent(id)}`;

/**
 * /reports/:type — one report: the type's default grid, a saved report (`?report=<id>`) or a
 * snapshot (`?snapshot=<id>`, read-only, the plan as it stood when it was taken).
 */
export default function ReportPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const type = reportTypeOf(params['*']?.split('/')[0]);
  const reportId = search.get('report');
  const snapshotId = search.get('snapshot');
  if (!type)
    return (
      <PageFrame>
        <NonIdealState
          icon="search"
          title="There is no such report"
          description="The address names no report Allot knows."
          action={<Link to="/reports">All reports</Link>}
        />
      </PageFrame>
    );
  if (snapshotId) return <SnapshotReport key={snapshotId} type={type} id={snapshotId} />;
  if (reportId) return <SavedReport key={reportId} type={type} id={reportId} />;
  return <LiveReport type={type} saved={null} />;
}

function SavedReport({ type, id }: { type: QueryableReportType; id: string }) {
  const saved = useGetSavedReportQuery(id);
  return (
    <QueryBody
      what="The saved report"
      query={saved}
      loadingLabel="Loading the saved report"
      notFound={{ icon: 'search', title: 'This report was deleted or is not shared with you' }}
      page
    >
      {(report) =>
        // A link with the wrong type in it: the report's own type decides.
        report.reportType !== type ? (
          reportTypeOf(report.reportType) ? (
            <Navigate to={reportLink(report.reportType, 'report', report.id)} replace />
          ) : (
            <PageFrame title={report.name}>
              <NonIdealState icon="th-disconnect" title="This report cannot be opened here" />
            </PageFrame>
          )
        ) : (
          <LiveReport type={type} saved={report} />
        )
      }
    </QueryBody>
  );
}

/** The report of the plan now (or as of an instant), its grid changed and saved by the viewer. */
function LiveReport({
  type,
  saved,
}: {
  type: QueryableReportType;
  saved: SavedReportAnswer | null;
}) {
  const definition = REPORT_DEFINITIONS[type];
  const base = useMemo<GridState>(() => saved?.gridState ?? defaultGridState(type), [saved, type]);
  const state = useReportState(type, base);
  const periods = useReportPeriods();
  const ability = useSignedInAbility();
  const viewerId = useGetAuthQuery().data?.workingUserId ?? null;
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'saveAs' | 'snapshot' | null>(null);
  const [update, updating] = useUpdateSavedReportMutation();
  const [create] = useCreateSavedReportMutation();
  const [takeSnapshot] = useTakeReportSnapshotMutation();

  const rights = saved ? savedReportRights(ability, viewerId, saved) : null;
  const mayCreate = ability?.can('create', 'Report') ?? false;
  const mayPublish = ability?.can('manage', 'Report') ?? false;
  const chosenPeriod = definition.periodScoped ? state.period : null;
  const AcademicPeriodId =
    chosenPeriod ?? (definition.periodScoped ? (saved?.AcademicPeriodId ?? null) : null);
  const shownPeriod = AcademicPeriodId ?? periods.workingPeriodId;
  const unsaved = state.changed || chosenPeriod !== null;

  async function save() {
    if (!saved) return;
    const result = await update({
      id: saved.id,
      revision: saved.revision,
      body: {
        gridState: state.grid,
        ...(chosenPeriod ? { AcademicPeriodId: chosenPeriod } : {}),
      },
    });
    if ('error' in result) {
      void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
      return;
    }
    void notify({ message: `“${saved.name}” saved.`, intent: Intent.SUCCESS });
  }

  const actions = (
    <>
      <AllReportsLink />
      {unsaved && (
        <Button
          variant="minimal"
          icon="reset"
          text="Undo changes"
          onClick={() => {
            state.reset();
            state.setPeriod(null);
          }}
        />
      )}
      {saved && rights?.change && (
        <Button
          intent={Intent.PRIMARY}
          icon="floppy-disk"
          text="Save"
          loading={updating.isLoading}
          disabled={!unsaved && !saved.needsConversion}
          onClick={() => void save()}
        />
      )}
      {mayCreate && (
        <Button
          icon="duplicate"
          text={saved ? 'Save as…' : 'Save report…'}
          intent={saved ? Intent.NONE : Intent.PRIMARY}
          onClick={() => setDialog('saveAs')}
        />
      )}
      {mayCreate && (
        <Button
          icon="camera"
          text="Take snapshot…"
          disabled={state.asOf !== null}
          title={
            state.asOf !== null
              ? 'A snapshot keeps the plan as it is now: go back to the plan now first.'
              : undefined
          }
          onClick={() => setDialog('snapshot')}
        />
      )}
    </>
  );

  const banner = (
    <>
      {saved?.needsConversion && (
        <Callout intent={Intent.WARNING} icon="warning-sign" title="Check this report">
          It was saved by an earlier version of Allot and has been converted to today’s grid.{' '}
          {rights?.change
            ? 'Check its columns, filters and sorting, then save it again.'
            : 'Its owner should check its columns, filters and sorting and save it again.'}
        </Callout>
      )}
      {saved && !rights?.change && saved.type === 'system' && (
        <Callout icon="lock" className="allot-report-notice">
          This is a system report: you may change what it shows here and keep your version with Save
          as, but not change the report itself.
        </Callout>
      )}
      {state.asOf && (
        <Callout intent={Intent.PRIMARY} icon="history" className="allot-report-notice">
          <span>The plan as it stood on {formatDateTime(state.asOf)}.</span>{' '}
          <Button
            size="small"
            variant="minimal"
            icon="reset"
            text="Back to the plan now"
            onClick={() => state.setAsOf(null)}
          />
        </Callout>
      )}
    </>
  );

  const title = saved?.name ?? definition.title;
  return (
    <PageFrame
      title={title}
      description={
        <>
          {saved?.description || definition.description}{' '}
          {saved?.type === 'system' && (
            <Tag minimal intent={Intent.PRIMARY}>
              System report
            </Tag>
          )}{' '}
          {unsaved && saved && <Tag minimal>Unsaved changes</Tag>}
        </>
      }
      actions={actions}
    >
      <ReportView
        type={type}
        grid={state.grid}
        page={state.page}
        AcademicPeriodId={AcademicPeriodId}
        asOf={state.asOf ? { at: state.asOf } : null}
        onGrid={state.setGrid}
        onPage={state.setPage}
        onPageSize={(pageSize) => state.setGrid({ ...state.grid, pageSize })}
        period={{
          value: shownPeriod,
          options: periods.options,
          onChange: (id) =>
            state.setPeriod(
              id === (saved?.AcademicPeriodId ?? periods.workingPeriodId) ? null : id,
            ),
        }}
        onAsOf={state.setAsOf}
        banner={banner}
        // CSV or Excel of the report as the grid shows it (hidden from those who may not export).
        exportActions={(query) => <ExportButton reportType={type} query={query} name={title} />}
      />
      {dialog === 'saveAs' && (
        <ReportDetailsDialog
          title={saved ? 'Save as a new report' : 'Save this report'}
          submitText="Save"
          initial={{
            ...NO_DETAILS,
            name: saved ? `${saved.name} (copy)` : '',
            description: saved?.description ?? '',
          }}
          mayPublish={mayPublish}
          onClose={() => setDialog(null)}
          onSubmit={async (details) => {
            const result = await create({
              name: details.name,
              description: details.description.trim() || null,
              reportType: type,
              gridState: state.grid,
              type: details.type,
              sharedWithRoles: details.type === 'custom' ? details.sharedWithRoles : [],
              AcademicPeriodId,
            });
            if ('error' in result) return problemOf(result.error);
            setDialog(null);
            void notify({ message: `“${details.name}” saved.`, intent: Intent.SUCCESS });
            void navigate(reportLink(type, 'report', result.data.id));
            return null;
          }}
        />
      )}
      {dialog === 'snapshot' && (
        <SnapshotDialog
          defaultName={`${title}, ${formatDateTime(new Date().toISOString())}`}
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            const result = await takeSnapshot({
              name,
              reportType: type,
              query: {
                columns: state.grid.columns.map((c) => c.key),
                filters: state.grid.filters,
                sorts: state.grid.sorts,
                groupBy: state.grid.groupBy,
                // The period it read, named: the snapshot shows the same rows to anyone.
                ...(definition.periodScoped && shownPeriod
                  ? { AcademicPeriodId: shownPeriod }
                  : {}),
              },
            });
            if ('error' in result) return problemOf(result.error);
            setDialog(null);
            void navigate(reportLink(type, 'snapshot', result.data.id));
            return null;
          }}
        />
      )}
    </PageFrame>
  );
}

/** The grid a snapshot froze: its query's columns, filters, sorts and grouping. */
function snapshotGrid(type: QueryableReportType, snapshot: ReportSnapshotAnswer): GridState {
  const defaults = defaultGridState(type);
  const query = snapshot.query;
  return {
    columns: (query.columns ?? defaults.columns.map((c) => c.key)).map((key) => ({ key })),
    filters: query.filters ?? {},
    sorts: query.sorts ?? defaults.sorts,
    groupBy: query.groupBy ?? null,
    pageSize: defaults.pageSize,
  };
}

function SnapshotReport({ type, id }: { type: QueryableReportType; id: string }) {
  const snapshot = useGetReportSnapshotQuery(id);
  return (
    <QueryBody
      what="The snapshot"
      query={snapshot}
      loadingLabel="Loading the snapshot"
      notFound={{ icon: 'search', title: 'This snapshot was deleted or is not yours' }}
      page
    >
      {(found) =>
        found.reportType !== type ? (
          <Navigate to={reportLink(found.reportType, 'snapshot', found.id)} replace />
        ) : (
          <FrozenReport type={type} snapshot={found} />
        )
      }
    </QueryBody>
  );
}

/** A snapshot: its query run as of the log position it was taken at, read-only. */
function FrozenReport({
  type,
  snapshot,
}: {
  type: QueryableReportType;
  snapshot: ReportSnapshotAnswer;
}) {
  const definition = REPORT_DEFINITIONS[type];
  const base = useMemo(() => snapshotGrid(type, snapshot), [type, snapshot]);
  const state = useReportState(type, base);
  const ability = useSignedInAbility();
  const viewerId = useGetAuthQuery().data?.workingUserId ?? null;
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [remove] = useDeleteReportSnapshotMutation();
  const mayDelete =
    (snapshot.takenBy?.id === viewerId && viewerId !== null) ||
    (ability?.can('delete', 'Report') ?? false);
  const takenBy = snapshot.takenBy?.name ?? 'someone no longer listed';

  async function confirmDelete() {
    const result = await remove(snapshot.id);
    setConfirming(false);
    if ('error' in result) {
      void notify({ message: problemOf(result.error).message, intent: Intent.DANGER });
      return;
    }
    void notify({ message: `Snapshot “${snapshot.name}” deleted.`, intent: Intent.SUCCESS });
    void navigate('/reports');
  }

  return (
    <PageFrame
      title={snapshot.name}
      description={<>A snapshot of {definition.title.toLowerCase()}</>}
      actions={
        <>
          <AllReportsLink />
          {mayDelete && (
            <Button
              icon="trash"
              intent={Intent.DANGER}
              text="Delete snapshot"
              onClick={() => setConfirming(true)}
            />
          )}
        </>
      }
    >
      <ReportView
        type={type}
        grid={state.grid}
        page={state.page}
        AcademicPeriodId={snapshot.query.AcademicPeriodId ?? null}
        asOf={{ position: snapshot.position }}
        onPage={state.setPage}
        onPageSize={(pageSize) => state.setGrid({ ...state.grid, pageSize })}
        banner={
          <Callout intent={Intent.PRIMARY} icon="camera" className="allot-report-notice">
            Taken by {takenBy} on {formatDateTime(snapshot.takenAt)}: the plan as it stood then. A
            snapshot cannot be changed.
          </Callout>
        }
      />
      {confirming && (
        <Alert
          isOpen
          icon="trash"
          intent={Intent.DANGER}
          confirmButtonText="Delete"
          cancelButtonText="Cancel"
          onCancel={() => setConfirming(false)}
          onConfirm={() => void confirmDelete()}
        >
          <p>
            Delete the snapshot <strong>{snapshot.name}</strong>? It cannot be taken again: the plan
            has changed since.
          </p>
        </Alert>
      )}
    </PageFrame>
  );
}

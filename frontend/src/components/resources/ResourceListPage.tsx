import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import type { ResourceDefinition } from '@allot/shared-events/browser';
import { ListBody, ListPage } from '../list/ListPage.js';
import { useServerList, type ServerList } from '../list/useServerList.js';
import { notify } from '../../lib/notifications/notify.js';
import { HistoryDrawer } from './HistoryPanel.js';
import { ResourceDialog } from './ResourceDialog.js';
import { ResourceTable, type ResourceRowLink } from './ResourceTable.js';
import { recordLabel } from '../../lib/resources/cellText.js';
import { listParams, type ListState } from '../../lib/resources/listParams.js';
import {
  resourceApi,
  useCreateResourceMutation,
  useDeactivateResourceMutation,
  useDeleteResourceMutation,
  useListResourceQuery,
  useReferenceOptionsQuery,
  useTaxonomiesEnabledQuery,
  useUpdateResourceMutation,
  type ResourceRow,
} from '../../lib/api/resourceApi.js';
import {
  hasIsActive,
  resolveFields,
  uiOf,
  visibleFields,
  type ResolvedField,
} from '../../lib/resources/resourceUi.js';
import { problemOf, type ServerProblem } from '../../lib/errors/serverErrors.js';
import { canSetField, canUpdateSubject, permissionsFor } from '../../lib/auth/permissions.js';
import { useSignedInAbility } from '../../lib/auth/useAbility.js';
import { useAppDispatch } from '../../lib/hooks/useAppDispatch.js';

const NO_FIXED = {};
const MAX_TEXT_FILTERS = 3;

export interface ResourceListPageProps {
  definition: ResourceDefinition;
  /** Overrides the ui title (e.g. one taxonomy among several). */
  title?: string;
  /** Shown under the table for the record being looked at (e.g. a period's terms). */
  renderDetail?: (row: ResourceRow) => ReactNode;
  /** Extra buttons beside New. */
  actions?: ReactNode;
  /** Fields every record here has (a period's terms): filtered on, hidden, set on create. */
  fixed?: Readonly<Record<string, string | number | boolean>>;
  /** Inside another page: a Section instead of the page frame. */
  embedded?: boolean;
  /** A page of the kind's own for each record (a position's effort timeline). */
  rowLink?: ResourceRowLink;
  /** False: records are made elsewhere on the page (a clone's blueprint); the list has no New. */
  creatable?: boolean;
  /** The empty list's words when it has no New (where records are made instead). */
  emptyDescription?: string;
}

type Confirming = { kind: 'delete' | 'deactivate'; row: ResourceRow; inUse?: ServerProblem };

/** The whole page of one declared kind: filter bar, table, paging, dialog, history, confirmations. */
export function ResourceListPage({
  definition,
  title,
  renderDetail,
  actions,
  fixed = NO_FIXED,
  embedded = false,
  rowLink,
  creatable = true,
  emptyDescription,
}: ResourceListPageProps) {
  const ui = uiOf(definition);
  const allFields = useMemo(() => resolveFields(definition), [definition]);
  const needsTaxonomies = allFields.some((f) => f.taxonomy);
  const taxonomies = useTaxonomiesEnabledQuery(undefined, { skip: !needsTaxonomies });
  const fields = useMemo(
    () => visibleFields(allFields, taxonomies.data).filter((f) => !Object.hasOwn(fixed, f.name)),
    [allFields, taxonomies.data, fixed],
  );
  const columns = useMemo(() => fields.filter((f) => f.column !== false), [fields]);
  // A few filters a person scans at a glance: the first text columns shown by default (not the
  // rarer ones a wide kind offers in its Columns control) and the flags.
  const filterable = useMemo(
    () => [
      ...columns
        .filter((f) => f.listType === 'text' && f.widget !== 'reference')
        .filter((f) => !(f.column && f.column.hidden === true))
        .slice(0, MAX_TEXT_FILTERS),
      ...columns.filter((f) => f.listType === 'text' && f.widget === 'reference' && f.reference),
      ...columns.filter((f) => f.listType === 'boolean'),
    ],
    [columns],
  );

  // Filters, sort and page in the address; an embedded list keeps its own (several on a page).
  const spec = useMemo(
    () => ({
      filters: Object.fromEntries(filterable.map((f) => [f.name, f.name])),
      typed: filterable
        .filter((f) => f.listType === 'text' && f.widget !== 'reference')
        .map((f) => f.name),
      inAddress: !embedded,
    }),
    [filterable, embedded],
  );
  const list = useServerList(spec);
  const state: ListState = {
    ...list.pager,
    sort: list.sort,
    filters: Object.fromEntries(
      Object.entries(list.filters).flatMap(([k, v]) => (v === null ? [] : [[k, v]])),
    ),
  };

  const ability = useSignedInAbility();
  const can = permissionsFor(ability, definition.subject);
  const canEditField = (field: ResolvedField) =>
    field.editSubject ? canUpdateSubject(ability, field.editSubject) : true;
  // A field the viewer may not set (useAdvancedEffort while the effort module is off) is left
  // out of the form, so it is never sent; fields of another subject show, read-only.
  const dialogFields = (row: ResourceRow | null) =>
    fields.filter(
      (field) =>
        field.editSubject !== undefined ||
        canSetField(ability, row ? 'update' : 'create', definition.subject, field.name),
    );

  const params = listParams(fields, state, fixed);
  const records = useListResourceQuery(
    { path: definition.path, params },
    { skip: needsTaxonomies && !taxonomies.data && !taxonomies.error },
  );
  const [create] = useCreateResourceMutation();
  const [update] = useUpdateResourceMutation();
  const [deactivate] = useDeactivateResourceMutation();
  const [remove] = useDeleteResourceMutation();
  const dispatch = useAppDispatch();

  const [editing, setEditing] = useState<{ row: ResourceRow | null; key: number } | null>(null);
  const [history, setHistory] = useState<ResourceRow | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [selected, setSelected] = useState<ResourceRow | null>(null);
  const heading = title ?? ui.title;
  const singular = ui.singular;

  async function submit(body: Record<string, unknown>): Promise<ServerProblem | null> {
    const row = editing?.row ?? null;
    const result = row
      ? await update({ path: definition.path, id: row.id, revision: row.revision, body })
      : await create({ path: definition.path, body: { ...body, ...fixed } });
    if ('error' in result) return problemOf(result.error);
    void notify({
      message: row ? `${singular} saved.` : `${singular} created.`,
      intent: Intent.SUCCESS,
    });
    setEditing(null);
    return null;
  }

  /** After a 409: the record as it is now, into a fresh dialog. */
  async function reload() {
    const row = editing?.row;
    if (!row) return;
    const request = dispatch(
      resourceApi.endpoints.getResource.initiate(
        { path: definition.path, id: row.id },
        { forceRefetch: true },
      ),
    );
    const fresh = await request;
    request.unsubscribe();
    if (fresh.data) setEditing({ row: fresh.data, key: Date.now() });
    void records.refetch();
  }

  async function confirm() {
    if (!confirming) return;
    const { kind, row } = confirming;
    const args = { path: definition.path, id: row.id };
    const result = kind === 'delete' ? await remove(args) : await deactivate(args);
    if ('error' in result) {
      const problem = problemOf(result.error);
      if (kind === 'delete' && problem.usedBy && hasIsActive(definition)) {
        setConfirming({ kind: 'deactivate', row, inUse: problem });
        return;
      }
      setConfirming(null);
      void notify({ message: problem.message, intent: Intent.DANGER });
      return;
    }
    setConfirming(null);
    void notify({
      message: `${recordLabel(row)} ${kind === 'delete' ? 'deleted' : 'deactivated'}.`,
      intent: Intent.SUCCESS,
    });
  }

  const rows = records.data?.rows ?? [];
  const count = records.data?.count ?? 0;
  const newButton =
    can.create && creatable ? (
      <Button
        intent={Intent.PRIMARY}
        icon="add"
        text={`New ${singular}`}
        onClick={() => setEditing({ row: null, key: Date.now() })}
      />
    ) : null;

  return (
    <ListPage
      embedded={embedded}
      title={heading}
      description={ui.description}
      actions={
        <>
          {actions}
          {newButton}
        </>
      }
      filters={
        filterable.length > 0 &&
        (count > 0 || list.filtering || records.isLoading) && (
          <ResourceFilters fields={filterable} list={list} />
        )
      }
    >
      <ListBody
        what={heading}
        query={records}
        filtering={list.filtering}
        empty={{
          // The kind's own title: a page's may hold a name ("Terms of Fall 2026") to keep as written.
          title: `No ${ui.title.toLowerCase()} yet`,
          description:
            emptyDescription ??
            (can.create ? `Create the first ${singular.toLowerCase()}.` : 'Nothing to show.'),
          action: newButton,
        }}
        noMatches="No record matches the filters."
        pager={list.pager}
        onPager={list.setPager}
      >
        {(page, loading) => (
          <ResourceTable
            columnsKey={definition.path}
            tableName={heading}
            columns={columns}
            rows={page}
            loading={loading}
            sort={list.sort}
            onSort={list.onSort}
            rowLink={rowLink}
            onEdit={can.update ? (row) => setEditing({ row, key: Date.now() }) : undefined}
            onHistory={
              can.read
                ? (row) => {
                    setSelected(row);
                    setHistory(row);
                  }
                : undefined
            }
            onDeactivate={
              can.update && hasIsActive(definition)
                ? (row) => setConfirming({ kind: 'deactivate', row })
                : undefined
            }
            onDelete={can.delete ? (row) => setConfirming({ kind: 'delete', row }) : undefined}
            onSelect={renderDetail ? setSelected : undefined}
          />
        )}
      </ListBody>
      {renderDetail && selected && renderDetail(rows.find((r) => r.id === selected.id) ?? selected)}
      {editing && (
        <ResourceDialog
          key={editing.key}
          definition={definition}
          singular={singular}
          fields={dialogFields(editing.row)}
          record={editing.row}
          canEditField={canEditField}
          onSubmit={submit}
          onClose={() => setEditing(null)}
          onReload={() => void reload()}
        />
      )}
      {history && (
        <HistoryDrawer
          definition={definition}
          recordId={history.id}
          recordLabel={recordLabel(history)}
          onClose={() => setHistory(null)}
        />
      )}
      {confirming && (
        <Alert
          isOpen
          icon={confirming.kind === 'delete' ? 'trash' : 'disable'}
          intent={confirming.kind === 'delete' ? Intent.DANGER : Intent.WARNING}
          cancelButtonText="Cancel"
          confirmButtonText={confirming.kind === 'delete' ? 'Delete' : 'Deactivate'}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void confirm()}
        >
          {confirming.inUse ? (
            <p>{confirming.inUse.message}</p>
          ) : confirming.kind === 'delete' ? (
            <p>
              Delete <strong>{recordLabel(confirming.row)}</strong>? This cannot be undone.
            </p>
          ) : (
            <p>
              Deactivate <strong>{recordLabel(confirming.row)}</strong>? It stays in the records but
              can no longer be chosen.
            </p>
          )}
        </Alert>
      )}
    </ListPage>
  );
}

/** The kind's filters: a box per text column, a choice per reference and flag. */
function ResourceFilters({
  fields,
  list,
}: {
  fields: readonly ResolvedField[];
  list: ServerList<string>;
}) {
  return (
    <>
      {fields.map((field) =>
        field.widget === 'reference' && field.reference ? (
          <ReferenceFilter
            key={field.name}
            field={field}
            path={field.reference}
            value={list.filters[field.name] ?? ''}
            onChange={(v) => list.setFilters({ [field.name]: v })}
          />
        ) : field.listType === 'boolean' ? (
          <HTMLSelect
            key={field.name}
            aria-label={`Filter by ${field.label}`}
            value={list.filters[field.name] ?? 'any'}
            onChange={(e) => list.setFilters({ [field.name]: e.currentTarget.value })}
          >
            <option value="any">{field.label}: any</option>
            <option value="true">{field.label}: yes</option>
            <option value="false">{field.label}: no</option>
          </HTMLSelect>
        ) : (
          <InputGroup
            key={field.name}
            leftIcon="search"
            aria-label={`Filter by ${field.label}`}
            placeholder={`Filter ${field.label.toLowerCase()}…`}
            value={list.text(field.name)}
            onValueChange={(v) => list.setText(field.name, v)}
          />
        ),
      )}
    </>
  );
}

/** Pick one referenced record (e.g. a term type) to list only the records naming it. */
function ReferenceFilter({
  field,
  path,
  value,
  onChange,
}: {
  field: ResolvedField;
  path: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { data } = useReferenceOptionsQuery({
    path,
    labelField: field.labelField ?? 'name',
    activeOnly: false,
  });
  return (
    <HTMLSelect
      aria-label={`Filter by ${field.label}`}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    >
      <option value="">{field.label}: any</option>
      {(data ?? []).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </HTMLSelect>
  );
}

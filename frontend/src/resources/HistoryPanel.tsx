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
import type { ResourceDefinition } from '@allot/shared-events/browser';
import {
  useReferenceOptionsQuery,
  useResourceHistoryQuery,
  type HistoryEntry,
} from './resourceApi.js';
import { MISSING_MEMBER_LABEL } from './members.js';
import { actionOf, formatValue, whenOf, whoOf } from './historyFormat.js';
import type { ResolvedField } from './resourceUi.js';
import { problemOf } from './serverErrors.js';

export interface HistoryListProps {
  entries: readonly HistoryEntry[];
  eventPrefix: string;
  fields: readonly ResolvedField[];
}

/** A changed value; ids of referenced records read as their names. */
function ChangeValue({ field, value }: { field: ResolvedField | undefined; value: unknown }) {
  const path =
    field && (field.widget === 'reference' || field.widget === 'references')
      ? field.reference
      : undefined;
  const options = field?.options;
  if (options && Array.isArray(value)) {
    // A multi-select of fixed options (Roles: [{ slug }]) reads as its labels.
    const labels = value.map((item: unknown) => {
      const key = item && typeof item === 'object' && 'slug' in item ? item.slug : item;
      return options.find((o) => o.value === key)?.label ?? formatValue(key);
    });
    return <>{labels.length > 0 ? labels.join(', ') : '(none)'}</>;
  }
  if (!path || value === null || value === undefined) return <>{formatValue(value)}</>;
  return <ReferenceNames path={path} labelField={field?.labelField ?? 'name'} value={value} />;
}

function ReferenceNames({
  path,
  labelField,
  value,
}: {
  path: string;
  labelField: string;
  value: unknown;
}) {
  const { data } = useReferenceOptionsQuery({ path, labelField, activeOnly: false });
  const ids = Array.isArray(value) ? value : [value];
  if (!data) return <>{formatValue(value)}</>;
  if (ids.length === 0) return <>(none)</>;
  return (
    <>
      {ids
        .map((id) =>
          typeof id === 'string'
            ? (data.find((o) => o.value === id)?.label ?? MISSING_MEMBER_LABEL)
            : formatValue(id),
        )
        .join(', ')}
    </>
  );
}

/** Newest first: when, who (and on whose behalf), and each field's change from → to. */
export function HistoryList({ entries, eventPrefix, fields }: HistoryListProps) {
  const fieldOf = (name: string) => fields.find((f) => f.name === name);
  const labelOf = (name: string) => fieldOf(name)?.label ?? name;
  if (entries.length === 0)
    return <NonIdealState icon="history" title="No history" description="Nothing recorded yet." />;
  return (
    <div className="allot-history">
      {[...entries].reverse().map((entry) => (
        <Section
          key={entry.position}
          compact
          title={actionOf(entry.type, eventPrefix)}
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
                  {entry.changes.map((change) => (
                    <tr key={change.field}>
                      <td>{labelOf(change.field)}</td>
                      <td>
                        <ChangeValue field={fieldOf(change.field)} value={change.from} />
                      </td>
                      <td>
                        <ChangeValue field={fieldOf(change.field)} value={change.to} />
                      </td>
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

export interface HistoryDrawerProps {
  definition: ResourceDefinition;
  fields: readonly ResolvedField[];
  recordId: string;
  recordLabel: string;
  onClose: () => void;
}

/** The History panel of one record (GET /api/history/<path>/<id>). */
export function HistoryDrawer({
  definition,
  fields,
  recordId,
  recordLabel,
  onClose,
}: HistoryDrawerProps) {
  const { data, error, isLoading } = useResourceHistoryQuery({
    path: definition.path,
    id: recordId,
  });
  return (
    <Drawer
      isOpen
      onClose={onClose}
      size={DrawerSize.SMALL}
      icon="history"
      title={`History: ${recordLabel}`}
    >
      <div className="allot-drawer-body">
        {isLoading && <Spinner aria-label="Loading history" />}
        {error && (
          <Callout intent={Intent.DANGER} title="History could not be loaded">
            {problemOf(error).message}
          </Callout>
        )}
        {data && (
          <HistoryList entries={data.rows} eventPrefix={definition.eventPrefix} fields={fields} />
        )}
      </div>
    </Drawer>
  );
}

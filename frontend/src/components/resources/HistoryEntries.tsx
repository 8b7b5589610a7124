import { HTMLTable, NonIdealState, Section, SectionCard, Tag } from '@blueprintjs/core';
import { DEFAULT_LOGO_SVG } from '@allot/shared-events/browser';
import { whenOf, whoOf } from '../../lib/resources/historyFormat.js';
import type { HistoryAttribution, HistoryChange, HistoryEntry } from '../../lib/api/resourceApi.js';

/** The default logo as an image address, for the versions before the first upload. */
const DEFAULT_LOGO_SRC = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(DEFAULT_LOGO_SVG)}`;

function Image({ label, src, when }: { label: string; src: string | null; when: string }) {
  return (
    <figure className="allot-history-image">
      <img className="allot-history-thumb" src={src ?? DEFAULT_LOGO_SRC} alt={`${label} ${when}`} />
      {src === null && <figcaption>Default</figcaption>}
    </figure>
  );
}

function Items({ label, items, what }: { label: string; items: string[]; what: string }) {
  if (items.length === 0) return null;
  return (
    <div className="allot-history-items">
      <span className="allot-history-items-title">{what}</span>
      <ul aria-label={`${label} ${what.toLowerCase()}`}>
        {items.map((item) => (
          <li key={item} className="allot-history-value">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One change: from → to in words, a list as what was added and removed, an image as thumbnails. */
function ChangeRow({ change }: { change: HistoryChange }) {
  const { label, display } = change;
  if (display.kind === 'list')
    return (
      <tr>
        <td>{label}</td>
        <td colSpan={2}>
          <Items label={label} items={display.added} what="Added" />
          <Items label={label} items={display.removed} what="Removed" />
        </td>
      </tr>
    );
  if (display.kind === 'image')
    return (
      <tr>
        <td>{label}</td>
        <td>
          <Image label={label} src={display.from} when="before" />
        </td>
        <td>
          <Image label={label} src={display.to} when="after" />
        </td>
      </tr>
    );
  return (
    <tr>
      <td>{label}</td>
      <td>
        <span className="allot-history-value">{display.from}</span>
      </td>
      <td>
        <span className="allot-history-value">{display.to}</span>
      </td>
    </tr>
  );
}

/** The changes of one history row, as the server words them; long values wrap in their cell. */
export function HistoryChangesTable({ changes }: { changes: readonly HistoryChange[] }) {
  return (
    <HTMLTable compact className="allot-history-changes">
      <thead>
        <tr>
          <th>Field</th>
          <th>From</th>
          <th>To</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change, i) => (
          <ChangeRow key={`${change.field}-${String(i)}`} change={change} />
        ))}
      </tbody>
    </HTMLTable>
  );
}

/**
 * What every history row has (a record's, the settings' or a section's): where in its stream,
 * when, who, and its changes; `summary`, where a row has it, is shown as its title.
 */
export type HistoryListEntry = Pick<
  HistoryEntry,
  'position' | 'revision' | 'at' | 'changes' | keyof HistoryAttribution
> &
  Partial<Pick<HistoryEntry, 'summary'>>;

/** Newest first: what happened, when, who (and on whose behalf, through which key), the changes. */
export function HistoryEntries<Entry extends HistoryListEntry>({
  entries,
  titleOf,
}: {
  entries: readonly Entry[];
  titleOf: (entry: Entry) => string;
}) {
  if (entries.length === 0)
    return <NonIdealState icon="history" title="No history" description="Nothing recorded yet." />;
  return (
    <div className="allot-history">
      {[...entries].reverse().map((entry) => (
        <Section
          key={entry.position}
          compact
          title={entry.summary ?? titleOf(entry)}
          subtitle={`${whenOf(entry.at)} · ${whoOf(entry)}`}
          // A sentence row comes from another stream: its revision would mean nothing here.
          rightElement={entry.summary ? undefined : <Tag minimal>rev {entry.revision}</Tag>}
        >
          {entry.changes.length > 0 && (
            <SectionCard padded={false}>
              <HistoryChangesTable changes={entry.changes} />
            </SectionCard>
          )}
        </Section>
      ))}
    </div>
  );
}

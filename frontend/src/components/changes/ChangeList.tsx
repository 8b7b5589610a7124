import { Icon, Tag } from '@blueprintjs/core';
import { Link } from 'react-router';
import type { ChangeFeedEntry } from '@allot/shared-events/browser';
import { whenOf, whoOf } from '../../lib/resources/historyFormat.js';

/** One field's change: "Status: Approved → Reopened", or what a list gained and lost. */
function FieldChange({ change }: { change: ChangeFeedEntry['changes'][number] }) {
  const { display } = change;
  if (display.kind === 'list') {
    return (
      <li>
        <span className="allot-change-label">{change.label}:</span>{' '}
        {display.added.length > 0 && <span>added {display.added.join('; ')}</span>}
        {display.added.length > 0 && display.removed.length > 0 && '; '}
        {display.removed.length > 0 && <span>removed {display.removed.join('; ')}</span>}
      </li>
    );
  }
  if (display.kind === 'image') {
    return (
      <li>
        <span className="allot-change-label">{change.label}</span> changed
      </li>
    );
  }
  return (
    <li>
      <span className="allot-change-label">{change.label}:</span>{' '}
      {display.from === '' ? (
        display.to
      ) : (
        <>
          {display.from} <Icon icon="arrow-right" size={12} aria-label="to" /> {display.to}
        </>
      )}
    </li>
  );
}

/** A change field by field: "Label: before → after", lists as what was added and removed. */
export function ChangeFields({
  changes,
}: {
  changes: readonly ChangeFeedEntry['changes'][number][];
}) {
  return (
    <ul className="allot-change-fields">
      {changes.map((change) => (
        <FieldChange key={change.field} change={change} />
      ))}
    </ul>
  );
}

const CHANGE_INTENT = { created: 'success', changed: 'none', removed: 'danger' } as const;
const CHANGE_WORDS = { created: 'Created', changed: 'Changed', removed: 'Removed' } as const;

/** One change of the feed: when, who, which record (linked), and what changed field by field. */
export function ChangeEntry({
  entry,
  compact = false,
}: {
  entry: ChangeFeedEntry;
  compact?: boolean;
}) {
  const name = entry.record.link ? (
    <Link to={entry.record.link}>{entry.record.name}</Link>
  ) : (
    entry.record.name
  );
  return (
    <li className="allot-change">
      <div className="allot-change-head">
        <Tag minimal intent={CHANGE_INTENT[entry.change]}>
          {CHANGE_WORDS[entry.change]}
        </Tag>
        <span className="allot-change-record">
          {entry.record.kindLabel}: {name}
        </span>
      </div>
      <div className="allot-change-summary">{entry.summary}</div>
      {!compact && entry.changes.length > 0 && <ChangeFields changes={entry.changes} />}
      <div className="allot-change-meta">
        <time dateTime={entry.at}>{whenOf(entry.at)}</time> · {whoOf(entry)}
      </div>
    </li>
  );
}

/** Changes as a list people read top to bottom, newest first. */
export function ChangeList({
  rows,
  compact = false,
  label,
}: {
  rows: readonly ChangeFeedEntry[];
  compact?: boolean;
  label: string;
}) {
  return (
    <ul className="allot-change-list" aria-label={label}>
      {rows.map((entry) => (
        <ChangeEntry key={entry.cursor} entry={entry} compact={compact} />
      ))}
    </ul>
  );
}

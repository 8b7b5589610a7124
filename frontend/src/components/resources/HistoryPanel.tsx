import type { ReactNode } from 'react';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Callout, Drawer, DrawerSize, Intent, Spinner } from '@blueprintjs/core';
import type { ResourceDefinition } from '@allot/shared-events/browser';
import { useResourceHistoryQuery, type HistoryEntry } from '../../lib/api/resourceApi.js';
import { HistoryEntries } from './HistoryEntries.js';
import { actionOf } from '../../lib/resources/historyFormat.js';
import { problemOf } from '../../lib/errors/serverErrors.js';
import { changesLink } from '../../lib/changesLink.js';
import { Link } from 'react-router';

export interface HistoryListProps {
  entries: readonly HistoryEntry[];
  eventPrefix: string;
}

/** Newest first: when, who (and on whose behalf, through which key), and each change in words. */
export function HistoryList({ entries, eventPrefix }: HistoryListProps) {
  return (
    <HistoryEntries entries={entries} titleOf={(entry) => actionOf(entry.type, eventPrefix)} />
  );
}

/** A history drawer: its title, the loading and error states, and the entries. */
export function HistoryDrawerFrame({
  title,
  isLoading,
  error,
  onClose,
  changes,
  children,
}: {
  title: string;
  isLoading: boolean;
  error: FetchBaseQueryError | SerializedError | undefined;
  onClose: () => void;
  /** The change feed filtered to what surrounds this record ("All changes in this workgroup"). */
  changes?: { to: string; text: string };
  children: ReactNode;
}) {
  return (
    <Drawer isOpen onClose={onClose} size={DrawerSize.SMALL} icon="history" title={title}>
      <div className="allot-drawer-body">
        {changes && (
          <p>
            <Link to={changes.to}>{changes.text}</Link>
          </p>
        )}
        {isLoading && <Spinner aria-label="Loading history" />}
        {error && (
          <Callout intent={Intent.DANGER} title="History could not be loaded">
            {problemOf(error).message}
          </Callout>
        )}
        {children}
      </div>
    </Drawer>
  );
}

export interface HistoryDrawerProps {
  definition: ResourceDefinition;
  recordId: string;
  recordLabel: string;
  onClose: () => void;
}

/** The History panel of one record (GET /api/history/<path>/<id>). */
export function HistoryDrawer({ definition, recordId, recordLabel, onClose }: HistoryDrawerProps) {
  const { data, error, isLoading } = useResourceHistoryQuery({
    path: definition.path,
    id: recordId,
  });
  return (
    <HistoryDrawerFrame
      title={`History: ${recordLabel}`}
      isLoading={isLoading}
      error={error}
      onClose={onClose}
      changes={{
        to: changesLink({ kind: definition.name }),
        text: `All changes to ${(definition.ui?.title ?? definition.name).toLowerCase()}`,
      }}
    >
      {data && <HistoryList entries={data.rows} eventPrefix={definition.eventPrefix} />}
    </HistoryDrawerFrame>
  );
}

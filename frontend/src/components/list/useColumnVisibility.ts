import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useGetAuthQuery } from '../../lib/api/sessionApi.js';
import {
  NO_CHOICES,
  choose,
  columnStorageKey,
  parseChoices,
  visibleKeys,
  type ChoosableColumn,
  type ColumnChoices,
} from './columnVisibility.js';

export interface ColumnChoice {
  key: string;
  label: string;
  visible: boolean;
}

export interface ColumnVisibility {
  /** Every column the user may choose, in the table's order, with whether it shows. */
  choices: readonly ColumnChoice[];
  isVisible: (key: string) => boolean;
  setVisible: (key: string, visible: boolean) => void;
  /** Back to the table's default columns (forgets the stored choice). */
  reset: () => void;
  /** Whether the columns shown differ from the default. */
  changed: boolean;
  /** Whether the user is known: before, a choice would be kept under the wrong name. */
  ready: boolean;
  /**
   * Tables whose columns the user also orders (a report grid): moves a shown column one place
   * earlier (-1) or later (1). `choices` then lists the shown columns first, in their order.
   */
  move?: (key: string, by: -1 | 1) => void;
}

// Tables of the same kind on one page (and the Columns control beside them) follow one change at
// once; other tabs follow through the storage event.
const listeners = new Set<() => void>();
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeStored(key: string, choices: ColumnChoices): void {
  try {
    if (choices.shown.length === 0 && choices.hidden.length === 0)
      window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(choices));
  } catch {
    // A browser refusing storage keeps the default columns.
  }
  for (const listener of listeners) listener();
}

/**
 * The columns of table `tableKey` the working user shows, remembered per user and table in this
 * browser (the schedule's settings are kept the same way).
 */
export function useColumnVisibility(
  tableKey: string,
  columns: readonly ChoosableColumn[],
): ColumnVisibility {
  const { data: auth } = useGetAuthQuery();
  const storageKey = columnStorageKey(auth?.workingUserId ?? auth?.authenticatedUserId, tableKey);
  const raw = useSyncExternalStore(subscribe, () => readStored(storageKey));
  const stored = useMemo(() => parseChoices(raw), [raw]);
  const visible = useMemo(() => visibleKeys(columns, stored), [columns, stored]);
  const setVisible = useCallback(
    (key: string, show: boolean) => {
      const next = choose(columns, stored, key, show);
      if (next !== stored) writeStored(storageKey, next);
    },
    [columns, stored, storageKey],
  );
  const reset = useCallback(() => writeStored(storageKey, NO_CHOICES), [storageKey]);
  const defaults = useMemo(() => visibleKeys(columns, NO_CHOICES), [columns]);
  return useMemo(
    () => ({
      choices: columns.map((c) => ({ key: c.key, label: c.label, visible: visible.has(c.key) })),
      isVisible: (key: string) => visible.has(key),
      setVisible,
      reset,
      changed: defaults.size !== visible.size || [...defaults].some((k) => !visible.has(k)),
      ready: auth !== undefined,
    }),
    [columns, visible, setVisible, reset, defaults, auth],
  );
}

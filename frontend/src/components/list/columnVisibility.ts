/**
 * Which columns of a table show: the table's default, changed by the user's choices, kept per user
 * and table in this browser's localStorage. Only the differences from the default are stored, so
 * a column added to a table later appears (or stays hidden) as its default says.
 */

/** A column the user may show or hide. */
export interface ChoosableColumn {
  key: string;
  label: string;
  /** Offered in the Columns control but not shown until the user picks it. */
  hiddenByDefault?: boolean;
}

export interface ColumnChoices {
  /** Columns hidden by default that the user shows. */
  shown: string[];
  /** Columns shown by default that the user hides. */
  hidden: string[];
}

export const NO_CHOICES: ColumnChoices = { shown: [], hidden: [] };

export function columnStorageKey(userId: string | null | undefined, tableKey: string): string {
  return `allot.columns.${userId ?? 'anonymous'}.${tableKey}`;
}

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/** The stored choices, or none when nothing (or nothing readable) is stored. */
export function parseChoices(raw: string | null): ColumnChoices {
  if (!raw) return NO_CHOICES;
  try {
    const value = JSON.parse(raw) as { shown?: unknown; hidden?: unknown } | null;
    return {
      shown: isStrings(value?.shown) ? value.shown : [],
      hidden: isStrings(value?.hidden) ? value.hidden : [],
    };
  } catch {
    return NO_CHOICES;
  }
}

function chosenKeys(columns: readonly ChoosableColumn[], choices: ColumnChoices): Set<string> {
  return new Set(
    columns
      .filter((c) =>
        c.hiddenByDefault ? choices.shown.includes(c.key) : !choices.hidden.includes(c.key),
      )
      .map((c) => c.key),
  );
}

/** The keys that show; never none while the table has a column. */
export function visibleKeys(
  columns: readonly ChoosableColumn[],
  choices: ColumnChoices,
): Set<string> {
  const visible = chosenKeys(columns, choices);
  // Stored choices that hide every column (columns renamed since) fall back to the default.
  return visible.size === 0 ? chosenKeys(columns, NO_CHOICES) : visible;
}

/**
 * The choices after the user shows or hides one column; unchanged when that would hide the last
 * column shown (a table of no columns would leave nothing to choose from).
 */
export function choose(
  columns: readonly ChoosableColumn[],
  choices: ColumnChoices,
  key: string,
  visible: boolean,
): ColumnChoices {
  const column = columns.find((c) => c.key === key);
  if (!column) return choices;
  const shown = choices.shown.filter((k) => k !== key);
  const hidden = choices.hidden.filter((k) => k !== key);
  if (column.hiddenByDefault && visible) shown.push(key);
  if (!column.hiddenByDefault && !visible) hidden.push(key);
  const next = { shown, hidden };
  return chosenKeys(columns, next).size === 0 ? choices : next;
}

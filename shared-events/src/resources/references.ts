import type { ResourceDefinition } from './defineResource.js';

/**
 * The ids a reference field holds. `field` is a dotted path; lists on the way are walked, so
 * `FacultyProfile.RankId` (one id), `FacultyProfile.CampusIds` (a list of ids) and
 * `members.UserId` (a list of objects) all work. Empty values are skipped.
 */
export function referenceValues(record: Record<string, unknown>, field: string): string[] {
  let values: unknown[] = [record];
  for (const key of field.split('.')) {
    values = values
      .flatMap((v): unknown[] => (Array.isArray(v) ? (v as unknown[]) : [v]))
      .map((v) =>
        typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined,
      );
  }
  return values
    .flatMap((v): unknown[] => (Array.isArray(v) ? (v as unknown[]) : [v]))
    .filter((v): v is string => typeof v === 'string' && v !== '');
}

/** Where records of one kind are named by others: the referencing list and its field. */
export interface ReferenceUse {
  /** The referencing kind's API path (`users`), as the 422 answer's `usedBy` names it. */
  path: string;
  /** Its read model's projection name (also its logical table). */
  projection: string;
  field: string;
  /** Plural and singular for the sentence: "used by 3 users". */
  plural: string;
  singular: string;
  /**
   * Where a read model of its own keeps the reference, when it is not a declared kind's
   * `resource_*` table (whose jsonb `data` holds `field`). Absent: that declared table.
   */
  storage?: ReferenceStorage;
}

/** A table of a registered use's projection, and how its live rows name a record. */
export interface ReferenceStorage {
  /** The logical table within `ReferenceUse.projection`. */
  table: string;
  /** A text column holding the id; or, with `json`, a jsonb column `field` is a path in. */
  column: string;
  /**
   * `field` is a dotted path in the jsonb `column` (lists walked, as in referenceValues), and
   * each match counts: `section.meetings.LocationId` counts meetings, not the sections they are in.
   */
  json?: boolean;
  /** A boolean column true on deleted rows; absent: the read model deletes rows outright. */
  deletedColumn?: string;
}

const registered: { resource: string; use: ReferenceUse }[] = [];

/**
 * Kinds not declared with defineResource (sections, assignments, preferences) register the
 * references they hold, so deleting a record they name answers 422 too. Registering the same
 * use twice keeps one (a module evaluated again must not double the counts).
 */
export function registerReference(resource: string, use: ReferenceUse): void {
  const same = registered.some(
    (r) => r.resource === resource && r.use.path === use.path && r.use.field === use.field,
  );
  if (!same) registered.push({ resource, use });
}

const projectionNameOf = (path: string) =>
  `resource_${path.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;

/** Every place that may name a record of `target`: declared references, then registered ones. */
export function referencesTo(
  target: ResourceDefinition,
  resources: readonly ResourceDefinition[],
): ReferenceUse[] {
  const declared = resources.flatMap((r) =>
    (r.references ?? [])
      .filter((rule) => rule.resource === target.name)
      .map((rule) => ({
        path: r.path,
        projection: projectionNameOf(r.path),
        field: rule.field,
        plural: (r.ui?.title ?? r.path).toLowerCase(),
        singular: (r.ui?.singular ?? r.name).toLowerCase(),
      })),
  );
  return [...declared, ...registered.filter((r) => r.resource === target.name).map((r) => r.use)];
}

export interface ResourceUsage {
  resource: string;
  count: number;
}

/** How many live records name the record `id` of `resource`, per referencing kind (none: []). */
export type InUseLookup = (resource: ResourceDefinition, id: string) => Promise<ResourceUsage[]>;

/** The 422 sentence: where the record is used, and deactivation when the kind has it. */
export function inUseMessage(
  target: ResourceDefinition,
  usage: readonly ResourceUsage[],
  uses: readonly ReferenceUse[],
): string {
  const parts = usage.map(({ resource, count }) => {
    const use = uses.find((u) => u.path === resource);
    return `${count} ${count === 1 ? (use?.singular ?? resource) : (use?.plural ?? resource)}`;
  });
  const list =
    parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  const what = (target.ui?.singular ?? target.name).toLowerCase();
  const instead = target.eventTypes.deactivated
    ? 'Deactivate it instead.'
    : 'Remove it from those first.';
  return `This ${what} is used by ${list}. ${instead}`;
}

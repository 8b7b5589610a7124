import { z } from 'zod';

/**
 * A registry stream makes a rule between a record and the records under it hold when writes
 * arrive together (a term inside its period, a section on one of its offering's term modes).
 * Both sides append to the parent's registry with the revision they read before checking: a
 * child what it will hold, the parent the bound it will set. Of two racing writers one append
 * lands; the other reads again and sees it. Small: one per parent, a few events per child.
 */
export function childRegistryStreamId(parent: string, parentId: string): string {
  return `children-${parent}-${parentId}`;
}

const id = z.string().min(1).max(100);

/** A child will hold `value` (its dates, its term mode) once its own write lands. */
export const RegistryChildSet = z.object({ childId: id, value: z.unknown() });
/** The child left the parent (deleted, or moved under another). */
export const RegistryChildRemoved = z.object({ childId: id });
/** The parent will bound its children by `value` (its dates, its term modes). */
export const RegistryBoundSet = z.object({ value: z.unknown() });

export const childRegistryEventSchemas = {
  RegistryChildSet,
  RegistryChildRemoved,
  RegistryBoundSet,
} as const;

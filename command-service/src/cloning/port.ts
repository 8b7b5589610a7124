import type { CloneSnapshot } from '@allot/shared-events';

/**
 * Where a clone's two periods are read from (the projection service's read models, given by the
 * embedded start): null when either period does not exist.
 */
export interface CloneSources {
  snapshot(SourcePeriodId: string, TargetPeriodId: string): Promise<CloneSnapshot | null>;
}

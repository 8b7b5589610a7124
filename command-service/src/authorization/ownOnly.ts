import type { CommandMeta } from '../commandHandling/decider.js';
import { ForbiddenError } from '../errors/errors.js';

/**
 * The check of a command a person gives about what is theirs alone (their notifications, their
 * calendar address): only the signed-in person, and not while someone views Allot as them. No
 * subject of the permission table covers these; being the person is the right.
 */
export function permitOwnOnly(refusals: { notYours: string; masquerading: string }) {
  return (_ability: unknown, payload: { userId: string }, meta: CommandMeta): void => {
    if (meta.actorId === null || meta.actorId !== payload.userId) {
      throw new ForbiddenError(refusals.notYours);
    }
    if (meta.onBehalfOfId !== null) throw new ForbiddenError(refusals.masquerading);
  };
}

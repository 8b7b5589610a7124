import { UsersMerged, userMergeStream } from '@allot/shared-events';
import { assertCan } from '../authorization/ability.js';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import {
  mergeDecider,
  type MergeEvent,
  type MergeState,
  type MergeUsers,
} from './userMerge/decider.js';

/** Behind userMergeEnabled: the ability has no `merge User` while the flag is off. */
export const mergeUsersCommand = defineCommand<MergeUsers, MergeState, MergeEvent>({
  name: 'MergeUsers',
  schema: UsersMerged,
  decider: mergeDecider,
  streamId: (payload) => userMergeStream(payload.duplicateId),
  entityId: (payload) => payload.masterId,
  authorize: (ability) => assertCan(ability, 'merge', 'User'),
});

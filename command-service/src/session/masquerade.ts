import {
  MasqueradeEnded,
  MasqueradeStarted,
  masqueradeStream,
  type MasqueradeEnded as MasqueradeEndedData,
  type MasqueradeStarted as MasqueradeStartedData,
} from '@allot/shared-events';
import type { z } from 'zod';
import { assertCan } from '../authorization/ability.js';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import {
  masqueradeDecider,
  type EndMasquerade,
  type MasqueradeEvent,
  type MasqueradeState,
  type StartMasquerade,
} from './masquerade/decider.js';

const StartSchema = MasqueradeStarted as z.ZodType<MasqueradeStartedData>;
const EndSchema = MasqueradeEnded as z.ZodType<MasqueradeEndedData>;

/** Recorded in the authenticated user's stream; only those who may masquerade (admin) start one. */
export const startMasqueradeCommand = defineCommand<
  StartMasquerade,
  MasqueradeState,
  MasqueradeEvent
>({
  name: 'StartMasquerade',
  schema: StartSchema,
  decider: masqueradeDecider,
  streamId: (payload) => masqueradeStream(payload.userId),
  entityId: (payload) => payload.workingUserId,
  authorize: (ability) => assertCan(ability, 'create', 'Masquerade'),
});

/** Anyone may end their own masquerade: the route checks the session is masquerading. */
export const endMasqueradeCommand = defineCommand<EndMasquerade, MasqueradeState, MasqueradeEvent>({
  name: 'EndMasquerade',
  schema: EndSchema,
  decider: masqueradeDecider,
  streamId: (payload) => masqueradeStream(payload.userId),
  entityId: (payload) => payload.userId,
  authorize: () => undefined,
});

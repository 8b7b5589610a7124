import {
  SYSTEM_ACTIVE_PERIOD_STREAM,
  StreamNotFoundError,
  SystemActiveAcademicPeriodChanged,
  academicPeriods,
  type CommandResult,
  type EventStore,
  type ResourceDefinition,
  type ResourceRecord,
} from '@allot/shared-events';
import type { CommandContext } from '../commandHandling/commandDefinition.js';
import { eventMetadataFor } from '../commandHandling/decider.js';
import { handleCommand } from '../commandHandling/handleCommand.js';
import { resourceDecider, type ResourceCommandKind } from './decider.js';

const periodDecider = resourceDecider(academicPeriods);

async function currentSystemActive(
  store: EventStore,
): Promise<{ id: string | null; revision: bigint | 'no_stream' }> {
  try {
    const last = (await store.readStream(SYSTEM_ACTIVE_PERIOD_STREAM)).at(-1);
    if (!last) return { id: null, revision: 'no_stream' };
    return { id: SystemActiveAcademicPeriodChanged.parse(last.data).id, revision: last.revision };
  } catch (err) {
    if (err instanceof StreamNotFoundError) return { id: null, revision: 'no_stream' };
    throw err;
  }
}

/**
 * Exactly one system-active period: activating one clears the flag on the previous one and
 * moves the pointer stream, whose event the projection announces as activeAcademicPeriodUpdated.
 */
async function moveSystemActivePeriod(
  store: EventStore,
  kind: ResourceCommandKind,
  payload: ResourceRecord,
  context: CommandContext,
): Promise<void> {
  const activates = kind !== 'delete' && payload.isSystemActive === true;
  const clears = kind === 'delete' || payload.isSystemActive === false;
  if (!activates && !clears) return;
  const pointer = await currentSystemActive(store);
  if (activates && pointer.id === payload.id) return;
  if (clears && pointer.id !== payload.id) return;
  const previousId = pointer.id;
  if (activates && previousId !== null) {
    await handleCommand(
      store,
      periodDecider,
      academicPeriods.streamId(previousId),
      {
        type: academicPeriods.commandNames.update,
        kind: 'update',
        data: { id: previousId, isSystemActive: false },
      },
      { meta: context.meta, entityId: previousId },
    ).catch((err: unknown) => {
      // A deleted previous period has no flag left to clear.
      if (!(err instanceof Error && err.name === 'NotFoundError')) throw err;
    });
  }
  await store.appendToStream(
    SYSTEM_ACTIVE_PERIOD_STREAM,
    [
      {
        type: 'SystemActiveAcademicPeriodChanged',
        data: { id: activates ? payload.id : null, previousId },
        metadata: eventMetadataFor(context.meta),
      },
    ],
    { expectedState: pointer.revision, streamType: 'systemActiveAcademicPeriod' },
  );
}

/** Follow-up writes some kinds need after their own event is stored. */
export async function afterResourceWrite(
  store: EventStore,
  definition: ResourceDefinition,
  kind: ResourceCommandKind,
  payload: ResourceRecord,
  context: CommandContext,
  _result: CommandResult,
): Promise<void> {
  if (definition.name === academicPeriods.name) {
    await moveSystemActivePeriod(store, kind, payload, context);
  }
}

import { z } from 'zod';
import {
  StreamNotFoundError,
  allResources,
  referenceValues,
  type CommandResult,
  type EventStore,
  type ResourceDefinition,
  type ResourceRecord,
} from '@allot/shared-events';
import { assertCan, type AppAbility } from '../authorization/ability.js';
import type { CommandContext, RunnableCommand } from '../commandHandling/commandDefinition.js';
import { eventMetadataFor } from '../commandHandling/decider.js';
import { handleCommand, loadAggregate } from '../commandHandling/handleCommand.js';
import { assertRegisteredEvents } from '../commandHandling/registeredEvents.js';
import {
  DomainRuleError,
  NotFoundError,
  ValidationError,
  invalidPayload,
} from '../errors/errors.js';
import { afterResourceWrite } from './afterWrite.js';
import { afterRegistryWrite, checkBeforeResourceWrite } from './beforeWrite.js';
import { retryOnRegistryChange } from './childRegistry.js';
import { canonical } from './canonicalJson.js';
import { editSubjectsOf } from './editSubjects.js';
import { guardUserPowers } from './userPowers.js';
import {
  resourceDecider,
  type ResourceCommandKind,
  type ResourceState,
} from './resourceDecider.js';
import {
  assertUnreserved,
  release,
  reservationsOf,
  reserve,
  type Reservation,
} from './uniqueReservations.js';

const RecordId = z.object({ id: z.string().trim().min(1).max(100) });

function payloadSchema(definition: ResourceDefinition, kind: ResourceCommandKind) {
  switch (kind) {
    case 'create':
      return definition.schema.extend(RecordId.shape).strict();
    case 'update':
      return definition.schema.partial().extend(RecordId.shape).strict();
    default:
      return RecordId.strict();
  }
}

/** 400 naming each field that only its own route may change (e.g. the working period). */
function refuseWrittenElsewhere(definition: ResourceDefinition, rawPayload: unknown): void {
  if (rawPayload === null || typeof rawPayload !== 'object') return;
  const issues = Object.entries(definition.writtenElsewhere ?? {})
    .filter(([field]) => Object.prototype.hasOwnProperty.call(rawPayload, field))
    .map(([field, route]) => ({ field, message: `cannot be changed here; use ${route}` }));
  if (issues.length > 0) throw new ValidationError(issues);
}

const ACTIONS: Record<ResourceCommandKind, string> = {
  create: 'create',
  update: 'update',
  deactivate: 'update',
  delete: 'delete',
};

/**
 * Whether writing `field` changes the record: an update compares with the stored value, a create
 * with what the record would hold without the field (its derived default). A form may send an
 * unchanged default (`useAdvancedEffort: false`); only a change needs the field's ability.
 */
function changesField(
  definition: ResourceDefinition,
  kind: ResourceCommandKind,
  payload: ResourceRecord,
  state: ResourceState,
): (field: string) => boolean {
  if (kind === 'create') {
    const derive = (r: ResourceRecord) => (definition.derive ? definition.derive(r) : r);
    const withIt = derive(payload);
    return (field) => {
      if (payload[field] === undefined) return false;
      // Never the id (the caller skips it), so the record keeps its id without the field.
      const { [field]: _left, ...without } = payload;
      const withoutField = { ...without, id: payload.id };
      return canonical(withIt[field] ?? null) !== canonical(derive(withoutField)[field] ?? null);
    };
  }
  const current: Record<string, unknown> = state.status === 'live' ? state.record : {};
  return (field) => canonical(payload[field] ?? null) !== canonical(current[field] ?? null);
}

/** The subject's abilities (per field changed), or ownership of the record for owned kinds. */
function authorize(
  definition: ResourceDefinition,
  kind: ResourceCommandKind,
  ability: AppAbility,
  actorId: string | null,
  payload: ResourceRecord,
  state: ResourceState,
): void {
  const owner = definition.ownerField;
  if (owner && actorId !== null) {
    const owners = [payload[owner], state.status === 'absent' ? undefined : state.record[owner]];
    const named = owners.filter((o) => o !== undefined);
    if (named.length > 0 && named.every((o) => o === actorId)) return;
  }
  const action = ACTIONS[kind];
  const changes = changesField(definition, kind, payload, state);
  const changed = Object.keys(payload).filter((field) => field !== 'id' && changes(field));
  const editSubjects = editSubjectsOf(definition);
  // A field with its own edit subject (financial data) needs `update` on that subject when the
  // write changes it; an update changing only such fields needs nothing on the kind's subject.
  const guarded = changed.filter((field) => editSubjects.has(field));
  for (const field of guarded) assertCan(ability, 'update', editSubjects.get(field) ?? '');
  const plain = changed.filter((field) => !editSubjects.has(field));
  const onlyOtherSubjects = kind === 'update' && guarded.length > 0 && plain.length === 0;
  const current = state.status === 'live' ? state.record : null;
  guardUserPowers(definition, ability, payload, current, onlyOtherSubjects);
  if (onlyOtherSubjects) return;
  assertCan(ability, action, definition.subject);
  for (const field of plain) assertCan(ability, action, definition.subject, field);
}

/** A referenced record must exist and not be deleted; 422 with the rule's sentence otherwise. */
async function checkReferences(
  store: EventStore,
  definition: ResourceDefinition,
  payload: ResourceRecord,
): Promise<void> {
  for (const rule of definition.references ?? []) {
    const target = allResources.find((r) => r.name === rule.resource);
    if (!target) throw new Error(`Unknown referenced resource ${rule.resource}`);
    for (const value of new Set(referenceValues(payload, rule.field))) {
      const events = await store.readStream(target.streamId(value)).catch((err: unknown) => {
        if (err instanceof StreamNotFoundError) return [];
        throw err;
      });
      if (events.length === 0 || events.at(-1)?.type === target.eventTypes.deleted) {
        throw new DomainRuleError(rule.message);
      }
    }
  }
}

function expectedRecord(
  definition: ResourceDefinition,
  kind: ResourceCommandKind,
  payload: ResourceRecord,
  state: ResourceState,
): ResourceRecord | null {
  const derive = (r: ResourceRecord) => (definition.derive ? definition.derive(r) : r);
  if (kind === 'create') return derive(payload);
  if (state.status !== 'live') return null;
  if (kind === 'update') return derive({ ...state.record, ...payload });
  return kind === 'deactivate' ? { ...state.record, isActive: false } : null;
}

const byStream = (list: Reservation[]) => new Set(list.map((r) => r.streamId));

function resourceCommand(
  definition: ResourceDefinition,
  kind: ResourceCommandKind,
  name: string,
): RunnableCommand {
  const schema = payloadSchema(definition, kind);
  const decider = resourceDecider(definition);
  const checkedDecider: typeof decider = {
    ...decider,
    decide: (command, state, meta) => assertRegisteredEvents(decider.decide(command, state, meta)),
  };

  return {
    name,
    run: (store, rawPayload, context: CommandContext) =>
      // A record and those under it are checked against the parent's registry: when another
      // writer appended to it meanwhile, check again from the start.
      retryOnRegistryChange(() => runOnce(store, rawPayload, context)),
  };

  async function runOnce(
    store: EventStore,
    rawPayload: unknown,
    context: CommandContext,
  ): Promise<CommandResult> {
    if (kind === 'create' || kind === 'update') refuseWrittenElsewhere(definition, rawPayload);
    const parsed = schema.safeParse(rawPayload);
    if (!parsed.success) throw invalidPayload(parsed.error.issues);
    const payload = parsed.data as ResourceRecord;
    const streamId = definition.streamId(payload.id);
    const check = (state: ResourceState) =>
      authorize(definition, kind, context.ability, context.meta.actorId, payload, state);
    const { state } = await loadAggregate(store, decider, streamId);
    check(state);
    if (kind !== 'create' && state.status !== 'live') {
      throw new NotFoundError(`No record with id ${payload.id}.`);
    }
    if (kind === 'create' || kind === 'update') await checkReferences(store, definition, payload);

    const current = state.status === 'live' ? state.record : null;
    const next = expectedRecord(definition, kind, payload, state);
    const metadata = eventMetadataFor(context.meta);
    const beforeAppend = await checkBeforeResourceWrite(
      store,
      definition,
      kind,
      current,
      next,
      metadata,
    );
    const held = byStream(reservationsOf(definition, current));
    const wanted = reservationsOf(definition, next);
    const wantedStreams = byStream(wanted);
    const reserved: Reservation[] = [];
    let result: CommandResult;
    const toReserve = wanted.filter((w) => !held.has(w.streamId));
    await assertUnreserved(store, toReserve, payload.id);
    try {
      for (const r of toReserve) {
        if (await reserve(store, definition.name, r, payload.id, metadata)) reserved.push(r);
      }
      result = await handleCommand(
        store,
        checkedDecider,
        streamId,
        { type: name, kind, data: payload },
        {
          meta: context.meta,
          entityId: payload.id,
          ...(context.expectedRevision === undefined
            ? {}
            : { expectedRevision: context.expectedRevision }),
          authorize: check,
          ...(beforeAppend ? { beforeAppend } : {}),
        },
      );
    } catch (err) {
      for (const r of reserved) await release(store, definition.name, r, payload.id, metadata);
      throw err;
    }
    const freed = reservationsOf(definition, current).filter((r) => !wantedStreams.has(r.streamId));
    for (const r of freed) await release(store, definition.name, r, payload.id, metadata);
    await afterRegistryWrite(store, definition, current, next, metadata);
    await afterResourceWrite(store, definition, kind, payload, context, result);
    return result;
  }
}

/** Create, Update, Delete (and Deactivate when the kind has isActive) of one resource. */
export function commandsOfResource(definition: ResourceDefinition): RunnableCommand[] {
  const names = definition.commandNames;
  const commands = [
    resourceCommand(definition, 'create', names.create),
    resourceCommand(definition, 'update', names.update),
    resourceCommand(definition, 'delete', names.delete),
  ];
  if (names.deactivate) commands.push(resourceCommand(definition, 'deactivate', names.deactivate));
  return commands;
}

/** Every resource command of the service. */
export const resourceCommands: readonly RunnableCommand[] =
  allResources.flatMap(commandsOfResource);

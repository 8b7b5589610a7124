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
import {
  defineCommand,
  type CommandContext,
  type RunnableCommand,
  type WriteStep,
} from '../commandHandling/commandDefinition.js';
import { eventMetadataFor } from '../commandHandling/decider.js';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { DomainRuleError, NotFoundError, ValidationError } from '../errors/errors.js';
import { afterResourceWrite } from './afterWrite.js';
import { afterRegistryWrite, checkBeforeResourceWrite } from './beforeWrite.js';
import type { BeforeAppend } from './periodRules.js';
import { retryOnRegistryChange } from './childRegistry.js';
import { canonical } from './canonicalJson.js';
import { editSubjectsOf } from './editSubjects.js';
import { guardUserPowers } from './userPowers.js';
import {
  resourceDecider,
  type ResourceCommand,
  type ResourceCommandKind,
  type ResourceEvent,
  type ResourceState,
} from './decider.js';
import {
  assertUnreserved,
  release,
  reservationsOf,
  reserve,
  type Reservation,
} from './uniqueReservations.js';

const RecordId = z.object({ id: z.string().trim().min(1).max(100) });

export function payloadSchema(definition: ResourceDefinition, kind: ResourceCommandKind) {
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
export function authorize(
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
export async function checkReferences(
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

export function expectedRecord(
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

/** What a resource write was checked against before its append, for the steps around it. */
export interface ResourceWritePlan {
  /** The record before the write (null: none yet, or deleted). */
  current: ResourceRecord | null;
  /** The record the write leaves (null: none, after a delete). */
  next: ResourceRecord | null;
  /** Registers the record in its parent's registry just before its own event. */
  beforeAppend?: BeforeAppend;
}

type PlannedCommand = ResourceCommand<ResourceWritePlan>;

function resourceCommand(
  definition: ResourceDefinition,
  kind: ResourceCommandKind,
  name: string,
): RunnableCommand {
  const decider = resourceDecider(definition);
  const check = (context: CommandContext, payload: ResourceRecord, state: ResourceState) =>
    authorize(definition, kind, context.ability, context.meta.actorId, payload, state);

  /**
   * The record as it is (authorized and found first: 403 and 404 before a 422), the records it
   * names, and the registry bounds it must keep.
   */
  async function load(
    store: EventStore,
    payload: ResourceRecord,
    context: CommandContext,
  ): Promise<ResourceWritePlan> {
    const { state } = await loadAggregate(store, decider, definition.streamId(payload.id));
    check(context, payload, state);
    if (kind !== 'create' && state.status !== 'live') {
      throw new NotFoundError(`No record with id ${payload.id}.`);
    }
    if (kind === 'create' || kind === 'update') await checkReferences(store, definition, payload);
    const current = state.status === 'live' ? state.record : null;
    const next = expectedRecord(definition, kind, payload, state);
    // A record breaking its kind's own rule (an end before its start) is refused here, before a
    // unique value is reserved for it: a refusal writes nothing, not a reservation and its release.
    const broken = next && definition.validate ? definition.validate(next) : null;
    if (broken) throw new DomainRuleError(broken);
    const beforeAppend = await checkBeforeResourceWrite(
      store,
      definition,
      kind,
      current,
      next,
      eventMetadataFor(context.meta),
    );
    return { current, next, ...(beforeAppend ? { beforeAppend } : {}) };
  }

  /** Unique values are reserved before the write and released when it fails or frees them. */
  async function write({
    store,
    command,
    context,
    run,
  }: WriteStep<PlannedCommand, ResourceState, ResourceEvent>): Promise<CommandResult> {
    const payload = command.data;
    const plan: ResourceWritePlan = command.context ?? { current: null, next: null };
    const { current, next, beforeAppend } = plan;
    const metadata = eventMetadataFor(context.meta);
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
      result = await run(beforeAppend ? { beforeAppend } : {});
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

  return defineCommand<PlannedCommand, ResourceState, ResourceEvent>({
    name,
    schema: payloadSchema(definition, kind),
    decider,
    streamId: (payload) => definition.streamId(payload.id),
    entityId: (payload) => payload.id,
    screen: (rawPayload) => {
      if (kind === 'create' || kind === 'update') refuseWrittenElsewhere(definition, rawPayload);
    },
    load,
    command: (data, context) => ({ type: name, kind, data, context }),
    authorize: (ability, command, state, meta) => check({ ability, meta }, command.data, state),
    // A record and those under it are checked against the parent's registry: when another
    // writer appended to it meanwhile, check again from the start.
    retry: retryOnRegistryChange,
    write,
  });
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

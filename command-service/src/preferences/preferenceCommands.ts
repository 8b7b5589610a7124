import type { z } from 'zod';
import {
  academicPeriods,
  academicTerms,
  assignmentTypes,
  courses,
  preferenceCommandSchemas,
  preferencesDecider,
  preferenceStreamId,
  teachingModes,
  users,
  type EventStore,
  type PreferenceCommand,
  type PreferenceCommandContext,
  type PreferenceCommandType,
  type PreferenceEvent,
  type PreferencesState,
  type ResourceDefinition,
} from '@allot/shared-events';
import { defineCommand, type RunnableCommand } from '../commandHandling/commandDefinition.js';
import { DomainRuleError, ForbiddenError } from '../errors/errors.js';
import type { AppAbility } from '../authorization/ability.js';
import { assertRecordsExist, loadRecord } from '../resources/loadRecord.js';
import { translated } from '../teaching/translateRefusal.js';

/** What a preference names: each must be a live record (422 otherwise). */
const REFERENCES: readonly (readonly [string, ResourceDefinition, string])[] = [
  ['CourseId', courses, 'The course of this preference does not exist.'],
  ['AssignmentTypeId', assignmentTypes, 'The assignment type of this preference does not exist.'],
  ['AcademicTermId', academicTerms, 'The term of this preference does not exist.'],
  ['TeachingModeId', teachingModes, 'The teaching mode of this preference does not exist.'],
];

/**
 * Faculty edit and submit their own preferences only (manage MyTeachingPreference, and the
 * stream's user is the working user); reopening is the instructors' managers' (manage
 * Instructor: admin, academicOpsAdmin — DOMAIN.md "admins/academic ops reopen").
 */
function permit(
  ability: AppAbility,
  type: PreferenceCommandType,
  data: PreferenceCommand['data'],
  actorId: string | null,
): void {
  if (type === 'ReceiveMergedPreferences' || type === 'ReleaseMergedPreferences') {
    // A user merge's follow-ups: whoever may merge users moves the duplicate's preferences.
    if (!ability.can('merge', 'User')) throw new ForbiddenError();
    return;
  }
  if (type === 'ReopenTeachingPreferences') {
    if (!ability.can('manage', 'Instructor')) throw new ForbiddenError();
    return;
  }
  if (!ability.can('manage', 'MyTeachingPreference') || data.UserId !== actorId) {
    throw new ForbiddenError();
  }
}

/** The period's due date, once the period and every record the command names are checked. */
async function load(
  store: EventStore,
  data: PreferenceCommand['data'],
): Promise<PreferenceCommandContext> {
  const period = await loadRecord(store, academicPeriods, data.AcademicPeriodId);
  if (!period) throw new DomainRuleError('This academic period does not exist.');
  const named = data as Record<string, unknown>;
  await assertRecordsExist(store, [
    [users, data.UserId, 'This instructor does not exist.'],
    ...REFERENCES.flatMap(([field, kind, message]) =>
      typeof named[field] === 'string' ? [[kind, named[field], message] as const] : [],
    ),
  ]);
  return {
    dueDate: typeof period.preferencesDueDate === 'string' ? period.preferencesDueDate : null,
  };
}

function preferenceCommand(name: PreferenceCommandType): RunnableCommand {
  return defineCommand<PreferenceCommand, PreferencesState, PreferenceEvent>({
    name,
    schema: preferenceCommandSchemas[name] as z.ZodType<PreferenceCommand['data']>,
    decider: preferencesDecider,
    streamId: (data) => preferenceStreamId(data.UserId, data.AcademicPeriodId),
    entityId: (data) =>
      'id' in data ? data.id : preferenceStreamId(data.UserId, data.AcademicPeriodId),
    permit: (ability, data, meta) => permit(ability, name, data, meta.actorId),
    load,
    refusal: translated,
  });
}

/** Every command of the preferences aggregate, for the command bus. */
export const preferenceCommands: readonly RunnableCommand[] = (
  Object.keys(preferenceCommandSchemas) as PreferenceCommandType[]
).map(preferenceCommand);

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
  type PreferenceCommand,
  type PreferenceCommandType,
  type PreferenceEvent,
  type PreferencesState,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { RunnableCommand } from '../commandHandling/commandDefinition.js';
import type { Decider } from '../commandHandling/decider.js';
import { handleCommand } from '../commandHandling/handleCommand.js';
import { assertRegisteredEvents } from '../commandHandling/registeredEvents.js';
import {
  DomainRuleError,
  ForbiddenError,
  ValidationError,
  fieldIssuesFrom,
} from '../errors/errors.js';
import type { AppAbility } from '../authorization/ability.js';
import { assertRecordsExist, loadRecord } from '../resources/loadRecord.js';
import { translated } from '../teaching/translateRefusal.js';

const decider: Decider<PreferenceCommand, PreferencesState, PreferenceEvent> = {
  initialState: preferencesDecider.initialState,
  evolve: preferencesDecider.evolve,
  decide(command, state, meta) {
    try {
      return assertRegisteredEvents(preferencesDecider.decide(command, state, meta));
    } catch (error) {
      throw translated(error);
    }
  },
};

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
function authorize(ability: AppAbility, command: PreferenceCommand, actorId: string | null): void {
  if (command.type === 'ReceiveMergedPreferences' || command.type === 'ReleaseMergedPreferences') {
    // A user merge's follow-ups: whoever may merge users moves the duplicate's preferences.
    if (!ability.can('merge', 'User')) throw new ForbiddenError();
    return;
  }
  if (command.type === 'ReopenTeachingPreferences') {
    if (!ability.can('manage', 'Instructor')) throw new ForbiddenError();
    return;
  }
  if (!ability.can('manage', 'MyTeachingPreference') || command.data.UserId !== actorId) {
    throw new ForbiddenError();
  }
}

function preferenceCommand(name: PreferenceCommandType): RunnableCommand {
  const schema = preferenceCommandSchemas[name];
  return {
    name,
    async run(store, rawPayload, { ability, meta, expectedRevision }) {
      const parsed = schema.safeParse(rawPayload);
      if (!parsed.success) throw new ValidationError(fieldIssuesFrom(parsed.error.issues));
      const data = parsed.data;
      const command = { type: name, data, context: { dueDate: null } } as PreferenceCommand;
      authorize(ability, command, meta.actorId);

      const period = await loadRecord(store, academicPeriods, data.AcademicPeriodId);
      if (!period) throw new DomainRuleError('This academic period does not exist.');
      const named = data as Record<string, unknown>;
      await assertRecordsExist(store, [
        [users, data.UserId, 'This instructor does not exist.'],
        ...REFERENCES.flatMap(([field, kind, message]) =>
          typeof named[field] === 'string' ? [[kind, named[field], message] as const] : [],
        ),
      ]);
      command.context.dueDate =
        typeof period.preferencesDueDate === 'string' ? period.preferencesDueDate : null;

      const entityId =
        'id' in data ? data.id : preferenceStreamId(data.UserId, data.AcademicPeriodId);
      return handleCommand(
        store,
        decider,
        preferenceStreamId(data.UserId, data.AcademicPeriodId),
        command,
        {
          meta,
          entityId,
          ...(expectedRevision === undefined ? {} : { expectedRevision }),
        },
      );
    },
  };
}

/** Every command of the preferences aggregate, for the command bus. */
export const preferenceCommands: readonly RunnableCommand[] = (
  Object.keys(preferenceCommandSchemas) as PreferenceCommandType[]
).map(preferenceCommand);

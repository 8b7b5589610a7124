import {
  allResources,
  authorizeSectionCommand,
  type ResourceDefinition,
  type SectionCommand,
  type SectionState,
} from '@allot/shared-events';
import type { AppAbility } from '../../authorization/ability.js';
import type { PlannedCommand, PlannedRecord } from './rows.js';

/** What each section command does, in the words a refusal uses. */
const SECTION_COMMANDS: Readonly<Record<string, string>> = {
  CreateSection: 'create sections in this workgroup',
  UpdateSection: 'change this section',
  DeleteSection: 'remove this section',
  SetMeetings: 'schedule this section',
  MoveMeeting: 'schedule this section',
  AssignInstructor: 'assign instructors to this section',
  ChangeAssignment: 'change this section’s assignments',
  WithdrawAssignment: 'change this section’s assignments',
  UnassignInstructor: 'change this section’s assignments',
};

const RESOURCE_VERBS = { create: 'create', update: 'change', delete: 'remove' } as const;

/** Each declared kind's command by name: its definition and what it does. */
const RESOURCE_COMMANDS = new Map<
  string,
  { definition: ResourceDefinition; action: keyof typeof RESOURCE_VERBS }
>(
  allResources.flatMap((definition) =>
    (['create', 'update', 'delete'] as const).map(
      (action) => [definition.commandNames[action], { definition, action }] as const,
    ),
  ),
);

/** A section as a plan's commands find it (absent: one the plan creates). */
export type SectionStateLookup = (sectionId: string) => SectionState;

/**
 * Why the person may not run this command, in words; null when they may. Checked as the command
 * itself checks it where that needs nothing but the record as it stands (a section's workgroup
 * bits; a kind's subject), so a preview says what a run would refuse for want of rights.
 */
function refusal(
  command: PlannedCommand,
  ability: AppAbility,
  sectionState: SectionStateLookup,
): string | null {
  const sectionWords = SECTION_COMMANDS[command.name];
  if (sectionWords) {
    const id = String(command.payload.id);
    const state: SectionState =
      command.name === 'CreateSection' ? { status: 'absent' } : sectionState(id);
    const { allowed } = authorizeSectionCommand(
      ability,
      { type: command.name, data: command.payload } as unknown as SectionCommand,
      state,
    );
    return allowed ? null : `You may not ${sectionWords}.`;
  }
  const resource = RESOURCE_COMMANDS.get(command.name);
  if (!resource) return null;
  const { definition, action } = resource;
  if (ability.can(action, definition.subject)) return null;
  const what = (definition.ui?.title ?? definition.name).toLowerCase();
  return `You may not ${RESOURCE_VERBS[action]} ${what}.`;
}

/**
 * The plan with every record the person may not write refused up front, with the reason: an
 * academic operations administrator's preview of a file of another kind's records shows the
 * refusals a run would meet, not records "to create" that would all fail.
 */
export function authorizePlan(
  records: readonly PlannedRecord[],
  ability: AppAbility,
  sectionState: SectionStateLookup,
): PlannedRecord[] {
  return records.map((record) => {
    const reason = record.commands
      .map((command) => refusal(command, ability, sectionState))
      .find((r) => r !== null);
    if (!reason) return record;
    return {
      ...record,
      action: 'refused',
      changes: [],
      commands: [],
      problems: [{ row: record.rows[0] ?? 0, column: null, message: reason }],
    };
  });
}

import { allResources, sectionCommandSchemas, type ResourceDefinition } from '@allot/shared-events';
import { sectionStreamId } from '../teaching/sectionCommands.js';

const sectionCommandNames = new Set(Object.keys(sectionCommandSchemas));
const resourceByCommand = new Map<string, ResourceDefinition>(
  allResources.flatMap((r) =>
    Object.values(r.commandNames)
      .filter((name): name is string => typeof name === 'string')
      .map((name) => [name, r] as const),
  ),
);

/** The stream of the record an import's command writes (its payload's `id`). */
export function streamOfCommand(name: string, payload: Record<string, unknown>): string {
  const id = String(payload.id);
  if (sectionCommandNames.has(name)) return sectionStreamId(id);
  const resource = resourceByCommand.get(name);
  if (!resource) throw new Error(`An import does not send ${name}`);
  return resource.streamId(id);
}

/** The declared kind whose stream this is, if any (`course-…` → courses). */
export function resourceOfStream(streamId: string): ResourceDefinition | null {
  return allResources.find((r) => streamId.startsWith(r.streamId(''))) ?? null;
}

export const isSectionStream = (streamId: string): boolean =>
  streamId.startsWith(sectionStreamId(''));

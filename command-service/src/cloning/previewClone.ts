import {
  CLONE_KINDS,
  CLONE_PREVIEW_CREATES,
  CLONE_PREVIEW_PROBLEMS,
  type CloneKind,
  type ClonePreviewAnswer,
  type CloneSnapshot,
} from '@allot/shared-events';
import type { ClonePlan, PlannedCreate } from './planClone.js';

/** What the preview shows of a plan: per kind the counts and the first records by name. */
export function previewOf(plan: ClonePlan, snapshot: CloneSnapshot): ClonePreviewAnswer {
  const { source } = snapshot;
  const labels = new Map<string, string>(
    [
      ...source.offerings,
      ...source.sections,
      ...source.assignments,
      ...source.administrativeAssignments,
    ].map((r) => [r.id, r.label]),
  );
  const planned: Record<CloneKind, readonly PlannedCreate<unknown>[]> = {
    offerings: plan.offerings,
    sections: plan.sections,
    teachingAssignments: plan.assignments,
    administrativeAssignments: plan.administrativeAssignments,
  };
  const name = (id: string) => labels.get(id) ?? id;
  return {
    source: { id: source.period.id, name: source.period.name },
    target: { id: snapshot.target.period.id, name: snapshot.target.period.name },
    kinds: CLONE_KINDS.map((kind) => {
      const fresh = planned[kind].filter((p) => !p.exists);
      const problems = plan.notMappable.filter((n) => n.kind === kind);
      return {
        kind,
        create: fresh.length,
        existing: planned[kind].length - fresh.length,
        notMappable: problems.length,
        creates: fresh.slice(0, CLONE_PREVIEW_CREATES).map((p) => name(p.sourceId)),
        problems: problems
          .slice(0, CLONE_PREVIEW_PROBLEMS)
          .map((n) => ({ name: name(n.sourceId), reason: n.reason })),
      };
    }),
  };
}

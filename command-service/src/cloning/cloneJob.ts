import { randomUUID } from 'node:crypto';
import {
  CLONE_FAILURES_NAMED,
  courseOfferings,
  CLONE_KINDS,
  type CloneJobData,
  type CloneKind,
  type CloneResult,
} from '@allot/shared-events';
import type { EventStore } from '@allot/shared-events';
import type { AppAbility } from '../authorization/ability.js';
import type { CommandBus } from '../commandHandling/commandBus.js';
import { ApiError, DomainRuleError } from '../errors/errors.js';
import type { JobContext } from '../jobs/port.js';
import { runSideBySide } from '../commandHandling/sideBySide.js';
import { planClone, type ClonePlan } from './planClone.js';
import { createRecords } from '../resources/createRecords.js';
import {
  cloneOfferingSections,
  type OfferingSections,
  type PlannedAssignment,
  type PlannedSection,
} from './cloneOfferingSections.js';
import type { CloneSources } from './port.js';

export interface CloneJobDeps {
  bus: CommandBus;
  /** The store the bus writes to: an offering's sections are written in one step of their own. */
  store: EventStore;
  sources: CloneSources;
  abilityOf(userId: string): Promise<AppAbility | null>;
}

const ALREADY_THERE = 'This record already exists.';
/** Records a clone runs side by side (as an import's: docs/benchmarks.md). */
const CLONE_LANES = 8;
/** Offerings a clone creates in one step (`createRecords`). */
const OFFERINGS_PER_STEP = 50;
const zero = () => Object.fromEntries(CLONE_KINDS.map((k) => [k, 0])) as Record<CloneKind, number>;

/**
 * The `clone` job (docs/cloning.md): plans the clone from the two periods as they are when it
 * runs, then creates what is not there yet through the normal commands — as the person who asked,
 * so every rule and right applies, under the job's id as correlation id — offerings, sections and
 * their meetings, assignments, administrative assignments, with progress. A record a command
 * refuses is counted and named with the refusal's words, and the clone goes on; a record found
 * there (an earlier run) counts as existing. Stop ends it between records; what it created stays.
 */
export function createCloneJob(deps: CloneJobDeps) {
  return async function cloneJob(ctx: JobContext<CloneJobData>): Promise<CloneResult> {
    const ability = await deps.abilityOf(ctx.ownerId);
    if (!ability) throw new Error('The person who asked may no longer clone resources.');
    const { settings } = ctx.data;
    const snapshot = await deps.sources.snapshot(settings.SourcePeriodId, settings.TargetPeriodId);
    if (!snapshot) throw new Error('There is no such academic period.');
    const plan = planClone(settings, snapshot);
    const labels = new Map<string, string>(
      [
        ...snapshot.source.offerings,
        ...snapshot.source.sections,
        ...snapshot.source.assignments,
        ...snapshot.source.administrativeAssignments,
      ].map((r) => [r.id, r.label]),
    );
    const result: CloneResult = {
      created: zero(),
      existing: zero(),
      notMappable: plan.notMappable.length,
      failed: [],
      failedCount: 0,
      stopped: false,
    };
    const options = { ability, actorId: ctx.ownerId, correlationId: ctx.id };
    const refused = (sourceId: string, reason: string) => {
      result.failedCount += 1;
      if (result.failed.length < CLONE_FAILURES_NAMED) {
        result.failed.push({ name: labels.get(sourceId) ?? sourceId, reason });
      }
    };
    type Step = {
      kind: CloneKind;
      sourceId: string;
      exists: boolean;
      /** What its commands meet others' on (streams, an offering's registry, rooms, people). */
      points: string[];
      run: () => Promise<void>;
    };
    const offeringStep = (p: ClonePlan['offerings'][number]): Step => ({
      kind: 'offerings',
      ...p,
      points: [`offering ${p.id}`, `course ${p.data.CourseId}`],
      run: async () => {
        await deps.bus.execute(
          'CreateCourseOffering',
          { id: p.id, AcademicPeriodId: settings.TargetPeriodId, ...p.data },
          options,
        );
      },
    });
    const setMeetings = async (p: PlannedSection) => {
      const { meetings } = p.data;
      if (meetings.length === 0) return;
      try {
        await deps.bus.execute('SetMeetings', { id: p.id, meetings }, options);
      } catch (err) {
        // The section is there; its meetings are not (a room taken in the target meanwhile).
        if (!(err instanceof ApiError)) throw err;
        refused(p.sourceId, `Its meetings were not copied: ${err.message}`);
      }
    };
    const sectionPoints = (p: PlannedSection) => [
      `section ${p.id}`,
      `offering ${p.data.CourseOfferingId}`,
      ...p.data.meetings.flatMap((m) =>
        typeof m.LocationId === 'string' ? [`room ${m.LocationId}`] : [],
      ),
    ];
    const sectionStep = (p: PlannedSection): Step => ({
      kind: 'sections',
      ...p,
      points: sectionPoints(p),
      run: async () => {
        const { meetings: _meetings, ...fields } = p.data;
        await deps.bus.execute('CreateSection', { id: p.id, ...fields }, options);
        await setMeetings(p);
      },
    });
    const assignmentStep = (p: PlannedAssignment): Step => ({
      kind: 'teachingAssignments',
      ...p,
      points: [`section ${p.data.SectionId}`, `person ${p.data.UserId}`],
      run: async () => {
        const { SectionId, ...fields } = p.data;
        await deps.bus.execute(
          'AssignInstructor',
          { id: SectionId, assignmentId: p.id, ...fields },
          options,
        );
      },
    });
    const dutyStep = (p: ClonePlan['administrativeAssignments'][number]): Step => ({
      kind: 'administrativeAssignments',
      ...p,
      points: [`duty ${p.id}`, `person ${String(p.data.UserId)}`],
      run: async () => {
        await deps.bus.execute('CreateAdministrativeAssignment', { id: p.id, ...p.data }, options);
      },
    });

    const batches = offeringBatches(plan);
    const inBatch = new Set(batches.flatMap((b) => b.sections.map((s) => s.planned.id)));
    const total = CLONE_KINDS.reduce(
      (sum, kind) => sum + planned(plan, kind).filter((p) => !p.exists).length,
      0,
    );
    for (const kind of CLONE_KINDS) {
      result.existing[kind] += planned(plan, kind).filter((p) => p.exists).length;
    }
    let done = 0;
    await ctx.reportProgress({ done, total });
    const advance = async (by: number) => {
      const before = done;
      done += by;
      if (Math.floor(done / 50) > Math.floor(before / 50) || done === total) {
        await ctx.reportProgress({ done, total });
      }
    };
    const runStep = async (step: Step) => {
      try {
        await step.run();
        result.created[step.kind] += 1;
      } catch (err) {
        if (err instanceof DomainRuleError && err.message === ALREADY_THERE) {
          result.existing[step.kind] += 1;
        } else if (err instanceof ApiError) {
          refused(step.sourceId, err.message);
        } else {
          throw err;
        }
      }
      await advance(1);
    };
    // Records that meet none under way side by side (a course's sections, which join one
    // offering, one after another).
    const runAll = async (steps: readonly Step[]) => {
      if (ctx.signal.aborted) return;
      await runSideBySide(steps, {
        lanes: CLONE_LANES,
        pointsOf: (step) => step.points,
        work: runStep,
        signal: ctx.signal,
      });
    };

    // Offerings before their sections, sections before the assignments made on others. The
    // offerings in steps of OFFERINGS_PER_STEP (what that leaves goes through the normal command).
    const newOfferings = plan.offerings.filter((p) => !p.exists);
    const leftOfferings: typeof newOfferings = [];
    const chunks = Array.from(
      { length: Math.ceil(newOfferings.length / OFFERINGS_PER_STEP) },
      (_, i) => newOfferings.slice(i * OFFERINGS_PER_STEP, (i + 1) * OFFERINGS_PER_STEP),
    );
    await runSideBySide(chunks, {
      lanes: CLONE_LANES,
      pointsOf: (chunk) => chunk.map((p) => `offering ${p.id}`),
      signal: ctx.signal,
      work: async (chunk) => {
        const outcome = await createRecords(
          deps.store,
          courseOfferings,
          chunk.map((p) => ({ id: p.id, AcademicPeriodId: settings.TargetPeriodId, ...p.data })),
          {
            ability,
            meta: {
              actorId: ctx.ownerId,
              onBehalfOfId: null,
              correlationId: ctx.id,
              causationId: randomUUID(),
              now: new Date(),
            },
          },
        );
        result.created.offerings += outcome.created.length;
        result.existing.offerings += outcome.existing.length;
        const left = new Set(outcome.left);
        leftOfferings.push(...chunk.filter((p) => left.has(p.id)));
        await advance(outcome.created.length + outcome.existing.length);
      },
    });
    await runAll(leftOfferings.map(offeringStep));
    // An offering's new sections, with their meetings and assignments, in one step each; what
    // that step leaves (a refusal to word, a busy calendar) goes through the normal commands.
    const deferred = { sections: [] as PlannedSection[], meetings: [] as PlannedSection[] };
    const deferredAssignments: PlannedAssignment[] = [];
    if (!ctx.signal.aborted) {
      await runSideBySide(batches, {
        lanes: CLONE_LANES,
        pointsOf: batchPoints,
        signal: ctx.signal,
        work: async (batch) => {
          const outcome = await cloneOfferingSections(
            { store: deps.store, ability, actorId: ctx.ownerId, correlationId: ctx.id },
            batch,
          );
          result.created.sections += outcome.sections.length;
          result.created.teachingAssignments += outcome.assignments.length;
          result.existing.sections += outcome.existingSections.length;
          deferred.sections.push(...outcome.deferredSections);
          deferred.meetings.push(...outcome.deferredMeetings);
          deferredAssignments.push(...outcome.deferredAssignments);
          await advance(
            outcome.sections.length + outcome.assignments.length + outcome.existingSections.length,
          );
        },
      });
    }
    await runAll(deferred.sections.map(sectionStep));
    if (!ctx.signal.aborted) {
      await runSideBySide(deferred.meetings, {
        lanes: CLONE_LANES,
        pointsOf: sectionPoints,
        work: setMeetings,
        signal: ctx.signal,
      });
    }
    await runAll(
      [
        ...plan.assignments.filter((p) => !p.exists && !inBatch.has(p.data.SectionId)),
        ...deferredAssignments,
      ].map(assignmentStep),
    );
    await runAll(plan.administrativeAssignments.filter((p) => !p.exists).map(dutyStep));
    result.stopped = ctx.signal.aborted;
    return result;
  };
}

/** The plan's records of one kind. */
function planned(plan: ClonePlan, kind: CloneKind): readonly { exists: boolean }[] {
  switch (kind) {
    case 'offerings':
      return plan.offerings;
    case 'sections':
      return plan.sections;
    case 'teachingAssignments':
      return plan.assignments;
    case 'administrativeAssignments':
      return plan.administrativeAssignments;
    default: {
      const unexpected: never = kind;
      throw new Error(`Unknown clone kind ${String(unexpected)}`);
    }
  }
}

/** The new sections by offering, each with the new assignments made on it. */
function offeringBatches(plan: ClonePlan): OfferingSections[] {
  const bySection = new Map<string, PlannedAssignment[]>();
  for (const a of plan.assignments) {
    if (a.exists) continue;
    const list = bySection.get(a.data.SectionId) ?? [];
    list.push(a);
    bySection.set(a.data.SectionId, list);
  }
  const byOffering = new Map<string, OfferingSections>();
  for (const section of plan.sections) {
    if (section.exists) continue;
    const offeringId = section.data.CourseOfferingId;
    let batch = byOffering.get(offeringId);
    if (!batch) byOffering.set(offeringId, (batch = { offeringId, sections: [] }));
    (batch.sections as OfferingSections['sections'][number][]).push({
      planned: section,
      assignments: bySection.get(section.id) ?? [],
    });
  }
  return [...byOffering.values()];
}

/** What a batch meets others on: its offering, its sections' rooms and instructors. */
function batchPoints(batch: OfferingSections): string[] {
  const points = new Set([`offering ${batch.offeringId}`]);
  for (const { planned: section, assignments } of batch.sections) {
    for (const m of section.data.meetings) {
      if (typeof m.LocationId === 'string') points.add(`room ${m.LocationId}`);
    }
    for (const a of assignments) points.add(`person ${a.data.UserId}`);
  }
  return [...points];
}

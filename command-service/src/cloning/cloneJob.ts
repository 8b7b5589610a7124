import {
  CLONE_FAILURES_NAMED,
  CLONE_KINDS,
  type CloneJobData,
  type CloneKind,
  type CloneResult,
} from '@allot/shared-events';
import type { AppAbility } from '../authorization/ability.js';
import type { CommandBus } from '../commandHandling/commandBus.js';
import { ApiError, DomainRuleError } from '../errors/errors.js';
import type { JobContext } from '../jobs/port.js';
import { runSideBySide } from '../commandHandling/sideBySide.js';
import { planClone } from './planClone.js';
import type { CloneSources } from './port.js';

export interface CloneJobDeps {
  bus: CommandBus;
  sources: CloneSources;
  abilityOf(userId: string): Promise<AppAbility | null>;
}

const ALREADY_THERE = 'This record already exists.';
/** Records a clone runs side by side (as an import's: docs/benchmarks.md). */
const CLONE_LANES = 8;
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
    const steps: {
      kind: CloneKind;
      sourceId: string;
      exists: boolean;
      /** What its commands meet others' on (streams, an offering's registry, rooms, people). */
      points: string[];
      run: () => Promise<void>;
    }[] = [
      ...plan.offerings.map((p) => ({
        kind: 'offerings' as const,
        ...p,
        points: [`offering ${p.id}`, `course ${p.data.CourseId}`],
        run: async () => {
          await deps.bus.execute(
            'CreateCourseOffering',
            { id: p.id, AcademicPeriodId: settings.TargetPeriodId, ...p.data },
            options,
          );
        },
      })),
      ...plan.sections.map((p) => ({
        kind: 'sections' as const,
        ...p,
        points: [
          `section ${p.id}`,
          `offering ${p.data.CourseOfferingId}`,
          ...p.data.meetings.flatMap((m) =>
            typeof m.LocationId === 'string' ? [`room ${m.LocationId}`] : [],
          ),
        ],
        run: async () => {
          const { meetings, ...fields } = p.data;
          await deps.bus.execute('CreateSection', { id: p.id, ...fields }, options);
          if (meetings.length === 0) return;
          try {
            await deps.bus.execute('SetMeetings', { id: p.id, meetings }, options);
          } catch (err) {
            // The section is there; its meetings are not (a room taken in the target meanwhile).
            if (!(err instanceof ApiError)) throw err;
            refused(p.sourceId, `Its meetings were not copied: ${err.message}`);
          }
        },
      })),
      ...plan.assignments.map((p) => ({
        kind: 'teachingAssignments' as const,
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
      })),
      ...plan.administrativeAssignments.map((p) => ({
        kind: 'administrativeAssignments' as const,
        ...p,
        points: [`duty ${p.id}`, `person ${String(p.data.UserId)}`],
        run: async () => {
          await deps.bus.execute(
            'CreateAdministrativeAssignment',
            { id: p.id, ...p.data },
            options,
          );
        },
      })),
    ];
    const total = steps.filter((s) => !s.exists).length;
    let done = 0;
    await ctx.reportProgress({ done, total });
    for (const step of steps) if (step.exists) result.existing[step.kind] += 1;
    const runStep = async (step: (typeof steps)[number]) => {
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
      done += 1;
      if (done % 50 === 0 || done === total) await ctx.reportProgress({ done, total });
    };
    // Kind after kind (offerings before their sections, sections before their assignments);
    // within a kind, records that meet none under way side by side (a course's sections, which
    // join one offering, one after another).
    for (const kind of CLONE_KINDS) {
      await runSideBySide(
        steps.filter((step) => step.kind === kind && !step.exists),
        {
          lanes: CLONE_LANES,
          pointsOf: (step) => step.points,
          work: runStep,
          signal: ctx.signal,
        },
      );
      if (ctx.signal.aborted) {
        result.stopped = true;
        break;
      }
    }
    return result;
  };
}

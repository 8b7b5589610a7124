import {
  allResources,
  sectionDecider,
  type EventStore,
  type ResourceDefinition,
  type ResourceRecord,
  type SectionState,
} from '@allot/shared-events';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { refreshedRecordIndex, type RecordIndex } from '../resources/recordIndex.js';
import { readOrEmpty } from '../resources/uniqueReservations.js';
import { scheduleIndexFor } from '../teaching/scheduleIndex.js';
import { sectionNumberReservation } from '../teaching/sectionNumbers.js';
import { sectionStreamId } from '../teaching/sectionCommands.js';

/** Resource kinds an import names records of, by their names in the registry. */
const NAMED_KINDS = [
  'workgroup',
  'academicPeriod',
  'academicTerm',
  'teachingMode',
  'location',
  'course',
  'courseOffering',
  'user',
  'administrativeAssignment',
  'administrativeAssignmentType',
  'instructorType',
  'rank',
  'division',
  'track',
  'campus',
  'program',
  'specialty',
  'major',
  'cohort',
] as const;
export type NamedKind = (typeof NAMED_KINDS)[number];

export function resourceNamed(name: NamedKind): ResourceDefinition {
  const found = allResources.find((r) => r.name === name);
  if (!found) throw new Error(`No declared kind ${name}`);
  return found;
}

type LiveSection = Exclude<SectionState, { status: 'absent' }>;

const fold = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The records of a kind by a name people know them by: active ones before inactive ones. */
function byName(records: readonly ResourceRecord[], field: string): Map<string, ResourceRecord> {
  const map = new Map<string, ResourceRecord>();
  const ordered = [...records].sort(
    (a, b) => Number(a.isActive === false) - Number(b.isActive === false),
  );
  for (const record of ordered) {
    const key = fold(text(record[field]));
    if (key && !map.has(key)) map.set(key, record);
  }
  return map;
}

/**
 * What an import reads of Allot as it stands: records named as people know them (a room by its
 * code, a term by its name within its period, an instructor by employee id, host system id,
 * username or e-mail), and the current state of the records it may change. Read from the event
 * store itself, folded in memory (the record indexes commands use), so a preview never lags
 * behind a read model, and refreshed before each use.
 */
export async function loadImportWorld(store: EventStore) {
  const indexes = new Map<NamedKind, RecordIndex>();
  await Promise.all(
    NAMED_KINDS.map(async (kind) => {
      indexes.set(kind, await refreshedRecordIndex(store, resourceNamed(kind)));
    }),
  );
  const schedule = scheduleIndexFor(store);
  await schedule.refresh();
  const all = (kind: NamedKind) => indexes.get(kind)!.liveWhere(() => true);
  const named = new Map<string, Map<string, ResourceRecord>>();
  const lookup = (kind: NamedKind, field: string) => {
    const key = `${kind}/${field}`;
    let map = named.get(key);
    if (!map) named.set(key, (map = byName(all(kind), field)));
    return map;
  };
  const userKeys = ['EmployeeId', 'hostSystemId', 'username', 'email'] as const;
  /** A map built on first use, from the records of a kind, by a key made of their fields. */
  const keyed = (kind: NamedKind, keyOf: (r: ResourceRecord) => string) => {
    let map: Map<string, ResourceRecord> | null = null;
    return (key: string) => {
      map ??= new Map(all(kind).map((r) => [keyOf(r), r]));
      return map.get(key) ?? null;
    };
  };
  const terms = keyed(
    'academicTerm',
    (t) => `${text(t.AcademicPeriodId)}\u0000${fold(text(t.name))}`,
  );
  const offerings = keyed(
    'courseOffering',
    (o) => `${text(o.CourseId)}\u0000${text(o.AcademicPeriodId)}`,
  );

  /**
   * An offering's live sections by the stream reserving their number, built on first use: a
   * re-import of 20,000 rows looks each section up here instead of reading two streams per row.
   */
  const byNumber = new Map<string, Map<string, LiveSection | 'ambiguous'>>();
  const sectionsByNumber = (offeringId: string) => {
    let map = byNumber.get(offeringId);
    if (map) return map;
    byNumber.set(offeringId, (map = new Map<string, LiveSection | 'ambiguous'>()));
    for (const state of schedule.sectionStatesOfOffering(offeringId)) {
      const key = sectionNumberReservation(state.section)?.streamId;
      if (key) map.set(key, map.has(key) ? 'ambiguous' : state);
    }
    return map;
  };

  return {
    /** A record of `kind` whose `field` reads `name` (case and spacing ignored). */
    find(kind: NamedKind, field: string, name: string): ResourceRecord | null {
      return lookup(kind, field).get(fold(name)) ?? null;
    },
    /** A term of a period by its name. */
    term(periodId: string, name: string): ResourceRecord | null {
      return terms(`${periodId}\u0000${fold(name)}`);
    },
    /** A person by employee id, host system id, username or e-mail, tried in that order. */
    person(identifier: string): ResourceRecord | null {
      return this.personByKeys(Object.fromEntries(userKeys.map((k) => [k, identifier])));
    },
    /** The person a users row names: by the first of its keys it carries that matches. */
    personByKeys(keys: Partial<Record<(typeof userKeys)[number], string>>): ResourceRecord | null {
      for (const field of userKeys) {
        const value = keys[field];
        const found = value ? lookup('user', field).get(fold(value)) : undefined;
        if (found) return found;
      }
      return null;
    },
    offering(courseId: string, periodId: string): ResourceRecord | null {
      return offerings(`${courseId}\u0000${periodId}`);
    },
    byId(kind: NamedKind, id: string): ResourceRecord | null {
      const definition = resourceNamed(kind);
      return indexes.get(kind)!.live(id, (recordId) => definition.streamId(recordId));
    },
    records(kind: NamedKind): ResourceRecord[] {
      return all(kind);
    },
    /** A section by id as it stands (absent when there is none): whose rights a command needs. */
    sectionState(sectionId: string): SectionState {
      return schedule.sectionState(sectionId);
    },
    /** The live sections of a course offering, with their assignments. */
    sectionsOfOffering(offeringId: string) {
      return schedule.sectionStatesOfOffering(offeringId);
    },
    /**
     * The section holding this number in its offering, term and mode, as it stands: found in the
     * schedule index (refreshed above, every section folded from its stream) by the key its
     * number reservation has; where two live sections share a key (written before numbers were
     * reserved), the reservation stream says which one holds it.
     */
    async section(numbered: {
      CourseOfferingId: string;
      TermMode: { AcademicTermId: string; TeachingModeId: string } | null;
      sectionNumber: string;
    }): Promise<LiveSection | null> {
      const reservation = sectionNumberReservation(numbered);
      if (!reservation) return null;
      const found = sectionsByNumber(numbered.CourseOfferingId).get(reservation.streamId);
      if (found !== 'ambiguous') return found ?? null;
      const last = (await readOrEmpty(store, reservation.streamId)).at(-1);
      if (last?.type !== 'UniqueValueReserved') return null;
      const owner = (last.data as { ownerId: string }).ownerId;
      const { state } = await loadAggregate(store, sectionDecider, sectionStreamId(owner));
      return state.status === 'live' ? state : null;
    },
  };
}
export type ImportWorld = Awaited<ReturnType<typeof loadImportWorld>>;

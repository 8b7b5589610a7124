import {
  effortCategories,
  effortPayPeriods,
  effortPositions,
  effortRules,
  effortTypes,
  type ClassificationRule,
  type EventStore,
  type ResourceRecord,
} from '@allot/shared-events';
import { refreshedRecordIndex } from '../../resources/recordIndex.js';
import { loadImportWorld } from '../../imports/world.js';

const fold = (text: unknown) =>
  typeof text === 'string' ? text.trim().toLowerCase().replace(/\s+/g, ' ') : '';
const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export interface PayPeriodRecord {
  id: string;
  code: string;
  name: string;
  startDate: string;
  endDate: string;
}

export interface PositionRecord {
  id: string;
  UserId: string;
  positionNumber: string;
  startDate: string;
  endDate: string | null;
}

/**
 * What an effort import reads of Allot as it stands, from the event store (the record indexes
 * commands use, refreshed before each use): people by employee id, host system id, username or
 * e-mail; pay periods by code; the instructors' positions; the classification rules; and the
 * names of categories and types for the preview.
 */
export async function loadEffortWorld(store: EventStore) {
  const [people, periods, positions, rules, categories, types] = await Promise.all([
    loadImportWorld(store),
    refreshedRecordIndex(store, effortPayPeriods),
    refreshedRecordIndex(store, effortPositions),
    refreshedRecordIndex(store, effortRules),
    refreshedRecordIndex(store, effortCategories),
    refreshedRecordIndex(store, effortTypes),
  ]);
  const all = (index: typeof periods) => index.liveWhere(() => true);
  const periodByCode = new Map<string, PayPeriodRecord>();
  // Active pay periods answer to their code before inactive ones.
  for (const r of [...all(periods)].sort(
    (a, b) => Number(a.isActive === false) - Number(b.isActive === false),
  )) {
    const key = fold(r.code);
    if (key && !periodByCode.has(key)) {
      periodByCode.set(key, {
        id: String(r.id),
        code: String(r.code),
        name: String(r.name),
        startDate: String(r.startDate),
        endDate: String(r.endDate),
      });
    }
  }
  const periodById = new Map([...periodByCode.values()].map((p) => [p.id, p]));
  const positionsOf = new Map<string, PositionRecord[]>();
  for (const r of all(positions)) {
    if (r.isActive === false) continue;
    const position: PositionRecord = {
      id: String(r.id),
      UserId: String(r.UserId),
      positionNumber: String(r.positionNumber),
      startDate: String(r.startDate),
      endDate: str(r.endDate),
    };
    const key = `${position.UserId}\u0000${fold(position.positionNumber)}`;
    positionsOf.set(key, [...(positionsOf.get(key) ?? []), position]);
  }
  const nameOf = (index: typeof periods) => {
    const names = new Map(all(index).map((r: ResourceRecord) => [String(r.id), String(r.name)]));
    return (id: string | null) => (id === null ? null : (names.get(id) ?? null));
  };
  const classificationRules: ClassificationRule[] = all(rules).map((r) => ({
    id: String(r.id),
    name: String(r.name),
    order: Number(r.order ?? 0),
    costCenter: str(r.costCenter),
    earnCode: str(r.earnCode),
    account: str(r.account),
    positionPattern: str(r.positionPattern),
    EffortCategoryId: String(r.EffortCategoryId),
    EffortTypeId: str(r.EffortTypeId),
    isActive: r.isActive !== false,
  }));
  return {
    /** A person by employee id, host system id, username or e-mail. */
    person(identifier: string): { id: string; name: string } | null {
      const found = people.person(identifier);
      return found ? { id: String(found.id), name: str(found.displayName) ?? identifier } : null;
    },
    /** How Allot names a person (their display name). */
    personName(UserId: string): string {
      const found = people.byId('user', UserId);
      return (found && (str(found.displayName) ?? str(found.username))) ?? UserId;
    },
    payPeriod(code: string): PayPeriodRecord | null {
      return periodByCode.get(fold(code)) ?? null;
    },
    payPeriodById(id: string): PayPeriodRecord | null {
      return periodById.get(id) ?? null;
    },
    /** The position this person holds under this number during the pay period, if any. */
    position(
      UserId: string,
      positionNumber: string,
      period: PayPeriodRecord,
    ): PositionRecord | null {
      const held = positionsOf.get(`${UserId}\u0000${fold(positionNumber)}`) ?? [];
      return (
        held.find(
          (p) =>
            p.startDate <= period.endDate && (p.endDate === null || p.endDate >= period.startDate),
        ) ?? null
      );
    },
    rules: classificationRules,
    categoryName: nameOf(categories),
    typeName: nameOf(types),
  };
}
export type EffortWorld = Awaited<ReturnType<typeof loadEffortWorld>>;

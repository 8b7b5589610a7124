import { describe, expect, it } from '@jest/globals';
import type { CommandResult } from '@allot/shared-events';
import { systemAbility } from '../authorization/ability.js';
import type { CommandBus } from '../commandHandling/commandBus.js';
import type { PlannedRecord } from './plan/rows.js';
import { runImport } from './runImport.js';

/**
 * How a run spreads records over its lanes, with a bus that only records what runs at once: a
 * record that meets one under way (its section, the offering it is registered in, a room of its
 * meetings) waits, the others go on side by side.
 */
function recordingBus(refuse: (payload: Record<string, unknown>) => string | null = () => null) {
  const running = new Set<string>();
  let most = 0;
  const together: string[][] = [];
  const bus: CommandBus = {
    commandNames: [],
    async execute(_name, payload) {
      const key = JSON.stringify(payload);
      running.add(key);
      most = Math.max(most, running.size);
      together.push([...running]);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running.delete(key);
      const refusal = refuse(payload as Record<string, unknown>);
      if (refusal) throw new Error(refusal);
      const result: CommandResult = { id: '', revision: 0, position: '' };
      return result;
    },
  };
  return { bus, most: () => most, together };
}

const section = (row: number, offering: string, room: string): PlannedRecord => ({
  key: `section ${String(row)}`,
  rows: [row],
  action: 'create',
  changes: [],
  problems: [],
  commands: [
    {
      name: 'CreateSection',
      payload: { id: `s${String(row)}`, CourseOfferingId: offering, sectionNumber: String(row) },
    },
    {
      name: 'SetMeetings',
      payload: { id: `s${String(row)}`, meetings: [{ id: 'm1', LocationId: room }] },
    },
  ],
});

const run = (records: PlannedRecord[], bus: CommandBus) =>
  runImport(records, { bus, ability: systemAbility(), actorId: 'ops', correlationId: 'run-1' });

describe('runImport', () => {
  it('runs records side by side, but never two that meet on an offering or a room', async () => {
    // A file lists a course's sections one after the other: four offerings, four rooms.
    const records = Array.from({ length: 40 }, (_, i) =>
      section(i + 2, `o${String(Math.floor(i / 10))}`, `r${String(i % 4)}`),
    );
    const recorded = recordingBus();
    const outcome = await run(records, recorded.bus);
    expect(outcome).toMatchObject({ created: 40, refused: 0, notRun: 0 });
    expect(outcome.written).toHaveLength(40);
    expect(recorded.most()).toBeGreaterThan(1);
    for (const moment of recorded.together) {
      const payloads = moment.map((p) => JSON.parse(p) as Record<string, unknown>);
      const offerings = payloads.flatMap((p) =>
        typeof p.CourseOfferingId === 'string' ? [p.CourseOfferingId] : [],
      );
      const rooms = payloads.flatMap((p) =>
        Array.isArray(p.meetings)
          ? (p.meetings as { LocationId: string }[]).map((m) => m.LocationId)
          : [],
      );
      expect(new Set(offerings).size).toBe(offerings.length);
      expect(new Set(rooms).size).toBe(rooms.length);
    }
  });

  it('runs a file of one offering’s sections one after the other, and reports in row order', async () => {
    const records = Array.from({ length: 12 }, (_, i) => section(i + 2, 'o1', `r${String(i)}`));
    const recorded = recordingBus((p) =>
      p.sectionNumber === '7' || p.sectionNumber === '3' ? 'This number is taken.' : null,
    );
    const outcome = await run(records, recorded.bus);
    expect(outcome).toMatchObject({ created: 10, refused: 2, notRun: 0 });
    expect(recorded.most()).toBe(1);
    expect(outcome.problems.map((p) => p.row)).toEqual([3, 7]);
  });

  it('stops between records when asked', async () => {
    const records = Array.from({ length: 50 }, (_, i) =>
      section(i + 2, `o${String(i)}`, `r${String(i)}`),
    );
    const controller = new AbortController();
    const recorded = recordingBus();
    const outcome = await runImport(records, {
      bus: recorded.bus,
      ability: systemAbility(),
      actorId: 'ops',
      correlationId: 'run-2',
      signal: controller.signal,
      onProgress: (done) => {
        if (done === 10) controller.abort();
      },
    });
    expect(outcome.created + outcome.notRun).toBe(50);
    expect(outcome.notRun).toBeGreaterThan(0);
  });
});

import { runInLanes } from './seedConcurrency.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runInLanes', () => {
  it('runs at most `concurrency` items at once and every item once', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await runInLanes(
      Array.from({ length: 20 }, (_, i) => i),
      { concurrency: 3 },
      async (i) => {
        running += 1;
        peak = Math.max(peak, running);
        await tick(i % 3);
        running -= 1;
        done.push(i);
      },
    );
    expect(peak).toBe(3);
    expect([...done].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('keeps the order of one lane and never runs two of a lane at once', async () => {
    const items = ['a1', 'b1', 'a2', 'c1', 'b2', 'a3'];
    const started: string[] = [];
    const active = new Set<string>();
    // a1 holds its lane until b2 has started (or a second has passed, should lanes not run side
    // by side): an order of events, not of timers, which a loaded machine may fire either way.
    let b2Started = () => undefined as void;
    const b2 = new Promise<void>((resolve) => {
      b2Started = resolve;
    });
    await runInLanes(items, { concurrency: 3, laneOf: (item) => item.charAt(0) }, async (item) => {
      const lane = item.charAt(0);
      expect(active.has(lane)).toBe(false);
      active.add(lane);
      started.push(item);
      if (item === 'b2') b2Started();
      await (item === 'a1' ? Promise.race([b2, tick(1000)]) : tick(1));
      active.delete(lane);
    });
    const ofLane = (lane: string) => started.filter((s) => s.startsWith(lane));
    expect(ofLane('a')).toEqual(['a1', 'a2', 'a3']);
    expect(ofLane('b')).toEqual(['b1', 'b2']);
    // Lanes ran side by side: b finished while a1 was still running.
    expect(started.indexOf('b2')).toBeLessThan(started.indexOf('a2'));
  });

  it('stops starting items after a failure and rejects with it', async () => {
    const started: number[] = [];
    const failure = new Error('refused');
    await expect(
      runInLanes([1, 2, 3, 4, 5, 6], { concurrency: 2 }, async (i) => {
        started.push(i);
        await tick(1);
        if (i === 2) throw failure;
      }),
    ).rejects.toBe(failure);
    expect(started.length).toBeLessThan(6);
  });

  it('does nothing for no items', async () => {
    let calls = 0;
    await runInLanes([], { concurrency: 4 }, async () => {
      calls += 1;
      await tick(0);
    });
    expect(calls).toBe(0);
  });
});

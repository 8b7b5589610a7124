import { runSideBySide } from './sideBySide.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('running items side by side', () => {
  it('never runs two items that meet at once, and runs the others together', async () => {
    const under = new Set<string>();
    let most = 0;
    const order: string[] = [];
    const items = ['a1', 'a2', 'b1', 'c1', 'a3', 'b2'];
    const done = await runSideBySide(items, {
      lanes: 3,
      pointsOf: (item) => [item[0]!],
      work: async (item) => {
        const point = item[0]!;
        expect(under.has(point)).toBe(false);
        under.add(point);
        most = Math.max(most, under.size);
        await tick();
        under.delete(point);
        order.push(item);
      },
    });
    expect(done).toBe(items.length);
    expect(most).toBe(3);
    // Items that meet keep their order.
    expect(order.filter((i) => i.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
  });

  it('starts nothing more after a fault, and throws it once the others ended', async () => {
    const ran: string[] = [];
    await expect(
      runSideBySide(['x', 'boom', 'y', 'z', 'w'], {
        lanes: 2,
        pointsOf: (item) => [item],
        work: async (item) => {
          await tick();
          if (item === 'boom') throw new Error('boom');
          ran.push(item);
        },
      }),
    ).rejects.toThrow('boom');
    expect(ran.length).toBeLessThan(4);
  });

  it('stops starting items once aborted', async () => {
    const controller = new AbortController();
    const ran: number[] = [];
    const done = await runSideBySide([1, 2, 3, 4, 5, 6], {
      lanes: 1,
      pointsOf: (n) => [String(n)],
      signal: controller.signal,
      work: async (n) => {
        ran.push(n);
        if (n === 2) controller.abort();
        await tick();
      },
    });
    expect([done, ran]).toEqual([2, [1, 2]]);
  });
});

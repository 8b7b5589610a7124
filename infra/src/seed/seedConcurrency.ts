/**
 * Runs `work` over `items` with at most `concurrency` at once. Items with the same lane key run
 * one after another in their given order (e.g. one instructor's assignments, whose conflict
 * checks look at each other); different lanes run side by side. The first failure stops the
 * run: no new item starts, and the returned promise rejects with it once running items finish.
 */
export async function runInLanes<T>(
  items: readonly T[],
  options: { concurrency: number; laneOf?: (item: T) => string },
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  const lanes: T[][] = [];
  if (options.laneOf) {
    const byKey = new Map<string, T[]>();
    for (const item of items) {
      const key = options.laneOf(item);
      let lane = byKey.get(key);
      if (!lane) {
        lane = [];
        byKey.set(key, lane);
        lanes.push(lane);
      }
      lane.push(item);
    }
  } else {
    for (const item of items) lanes.push([item]);
  }
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < lanes.length) {
      const lane = lanes[next++] ?? [];
      for (const item of lane) {
        if (failure !== null) return;
        try {
          await work(item);
        } catch (error) {
          failure ??= { error };
          return;
        }
      }
    }
  };
  const count = Math.max(1, Math.min(options.concurrency, lanes.length));
  await Promise.all(Array.from({ length: count }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
}

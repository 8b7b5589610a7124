/** How far past the next item a free lane looks for one that meets none of those under way. */
const LOOK_AHEAD = 256;

export interface SideBySideOptions<T> {
  /** How many items run at once (each holds one of the store's pool connections, now and then more). */
  lanes: number;
  /**
   * What an item's commands would meet other items' commands on: the streams they write, a
   * registry they join (an offering's sections), rooms, people's calendars. Two items sharing one
   * are not run side by side: they would only make each other read and check again.
   */
  pointsOf(item: T): readonly string[];
  work(item: T): Promise<void>;
  /** Aborted: no item starts any more; those under way end. */
  signal?: AbortSignal;
  onDone?(done: number, total: number): void;
}

/**
 * Runs items' commands several at a time in their order, except that a lane passes over (for a
 * while) an item that meets one under way; when every item in sight does (a course's sections,
 * one after another), the lane waits for an item to end. Used by imports and clones. A `work` that
 * throws stops every lane from starting another item, and its error is thrown once all have ended.
 * Answers how many items ran.
 */
export async function runSideBySide<T>(
  items: readonly T[],
  options: SideBySideOptions<T>,
): Promise<number> {
  const points = items.map((item) => options.pointsOf(item));
  const busy = new Map<string, number>();
  const ahead: number[] = [];
  let next = 0;
  let done = 0;
  let fault: { error: unknown } | null = null;
  let ended: () => void = () => undefined;
  let anEnd = new Promise<void>((resolve) => (ended = resolve));
  const take = (): number | null => {
    while (ahead.length < LOOK_AHEAD && next < items.length) ahead.push(next++);
    const at = ahead.findIndex((i) => points[i]!.every((p) => !busy.has(p)));
    if (at < 0) return null;
    const [taken] = ahead.splice(at, 1) as [number];
    for (const p of points[taken]!) busy.set(p, (busy.get(p) ?? 0) + 1);
    return taken;
  };
  const release = (i: number) => {
    for (const p of points[i]!) {
      const n = busy.get(p)! - 1;
      if (n === 0) busy.delete(p);
      else busy.set(p, n);
    }
    ended();
    anEnd = new Promise<void>((resolve) => (ended = resolve));
  };
  const worker = async () => {
    while ((ahead.length > 0 || next < items.length) && !options.signal?.aborted && !fault) {
      const i = take();
      if (i === null) {
        await anEnd;
        continue;
      }
      try {
        await options.work(items[i]!);
      } catch (error) {
        fault ??= { error };
      } finally {
        release(i);
      }
      done += 1;
      options.onDone?.(done, items.length);
    }
  };
  await Promise.all(Array.from({ length: options.lanes }, worker));
  if (fault) throw (fault as { error: unknown }).error;
  return done;
}

import type { Clock } from './clock.ts';

/**
 * A clock for model tests: time moves only by `advance`, which runs the timers that fall due in order
 * and lets the work they start settle before the next one.
 */
export function manualClock(start = 0): Clock & { advance(ms: number): Promise<void>; pending(): number } {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const due = (until: number) =>
    [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
  return {
    now: () => now,
    after(ms, run) {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return () => timers.delete(id);
    },
    async advance(ms) {
      const until = now + ms;
      for (let next = due(until); next; next = due(until)) {
        const [id, timer] = next;
        timers.delete(id);
        now = timer.at;
        timer.run();
        await settle();
      }
      now = until;
      await settle();
    },
    pending: () => timers.size,
  };
}

/** Lets promises already resolved run their callbacks (a fake `send` answers at once). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

import type { Worker } from '@playwright/test';

// A fast clock for Verso's service worker. The retry policy waits real seconds (back-off from 1 s, a
// 15 s timeout per attempt, Retry-After): fault specs assert its mechanisms (how many sends, what the
// person sees, nothing lost, nothing sent twice) on a worker whose timers run `factor` times faster,
// instead of waiting those seconds. Nothing in the extension changes: the worker's code looks up the
// global `setTimeout` and `setInterval` when it calls them, and these are wrapped from the test, through
// Playwright's handle on the worker (the worker uses no `AbortSignal.timeout`, which this would not
// reach). Pages, content scripts and the service keep real time.
//
// What stays real, and why a spec may need real time:
// - `Date.now()`: timestamps cross to pages, to storage and to the service, where real time reads them.
//   Code that sleeps until a deadline in `Date.now()` and looks again (the page queue's pause after a
//   429) wakes early, sees the deadline still ahead and sleeps again, so such a pause takes its real
//   length (and nothing ever comes early): its countdown on the page stays true, and takes its time.
// - A stopped worker loses the wrapping: its successor runs on real time.
//
// Specs choose it with `test.use({ workerClockFactor: WORKER_CLOCK_FACTOR })` (fixtures.ts), which
// wraps the worker before each test and unwraps it after.
// - Timers under `SCALED_FROM_MS` (gathering, debounces, badge updates) keep their delay: they only come
//   later on the fast clock, which any timer may.

/** How many times faster the worker's timers run by default. 15 s / 5 = 3 s is the timeout a normal
 * request must beat on a busy machine (the local service answers in tens of milliseconds). */
export const WORKER_CLOCK_FACTOR = 5;

/** Timers of at least this long are shortened; the back-off's shortest wait is 770 ms (1 s - 23 %). */
export const SCALED_FROM_MS = 250;

/** The worker's clock while its timers run fast (a 15 s timer fires when `elapsed()` has moved 15 s). */
export interface WorkerClock {
  readonly factor: number;
  /** Milliseconds on the worker's clock since it was made fast: real time times `factor`. */
  elapsed(): Promise<number>;
  /**
   * Sets again the alarms the worker has set, due as soon on the fast clock as they were on the real one
   * (an alarm due in 30 s is due in 30 / factor s). Chrome keeps alarms outside the worker, so they wake
   * it also after it was stopped. Returns their names.
   */
  alarmsSooner(): Promise<string[]>;
  /** Back to real time (a stopped worker already is). */
  restore(): Promise<void>;
}

/** What the worker keeps of its fast clock (a property of its global object, tests only). */
interface FastClockState {
  factor: number;
  startedAt: number;
  restore(): void;
}

type WorkerGlobal = typeof globalThis & { versoFastClock?: FastClockState };

/** Makes the timers of `worker` run `factor` times faster (see above); `restore()` undoes it. */
export async function fastWorkerTimers(worker: Worker, factor = WORKER_CLOCK_FACTOR): Promise<WorkerClock> {
  await worker.evaluate(
    ({ factor, from }) => {
      const g = globalThis as WorkerGlobal;
      g.versoFastClock?.restore();
      const { setTimeout: realTimeout, setInterval: realInterval } = g;
      const scaled = (ms: unknown) => (typeof ms === 'number' && ms >= from ? ms / factor : ms);
      const fastTimeout = (run: TimerHandler, ms?: number, ...args: unknown[]) =>
        Reflect.apply(realTimeout, g, [run, scaled(ms), ...args]) as number;
      const fastInterval = (run: TimerHandler, ms?: number, ...args: unknown[]) =>
        Reflect.apply(realInterval, g, [run, scaled(ms), ...args]) as number;
      g.setTimeout = fastTimeout as typeof setTimeout;
      g.setInterval = fastInterval as typeof setInterval;
      g.versoFastClock = {
        factor,
        startedAt: performance.now(),
        restore() {
          if (g.setTimeout === (fastTimeout as unknown)) g.setTimeout = realTimeout;
          if (g.setInterval === (fastInterval as unknown)) g.setInterval = realInterval;
          delete g.versoFastClock;
        },
      };
    },
    { factor, from: SCALED_FROM_MS },
  );

  return {
    factor,
    elapsed: () =>
      worker.evaluate(() => {
        const clock = (globalThis as WorkerGlobal).versoFastClock;
        if (!clock) throw new Error('The worker runs on real time (stopped since, or restored).');
        return (performance.now() - clock.startedAt) * clock.factor;
      }),
    alarmsSooner: () =>
      worker.evaluate(async (factor) => {
        const now = Date.now();
        const alarms = await chrome.alarms.getAll();
        for (const alarm of alarms) {
          await chrome.alarms.create(alarm.name, {
            when: now + Math.max(0, alarm.scheduledTime - now) / factor,
            ...(alarm.periodInMinutes ? { periodInMinutes: alarm.periodInMinutes / factor } : {}),
          });
        }
        return alarms.map((alarm) => alarm.name);
      }, factor),
    // A worker stopped meanwhile is on real time already: there is nothing to undo.
    restore: () => worker.evaluate(() => (globalThis as WorkerGlobal).versoFastClock?.restore()).catch(() => {}),
  };
}

/** The worker on real time (`workerClockFactor` 1): its clock is the test's. */
export function realWorkerClock(): WorkerClock {
  const startedAt = performance.now();
  return {
    factor: 1,
    elapsed: async () => performance.now() - startedAt,
    alarmsSooner: async () => [],
    restore: async () => {},
  };
}

/**
 * Long DOM passes run as generators that yield every few dozen nodes; a driver runs them either
 * to the end at once or in slices of about 8 ms, handing the event loop back in between.
 */
export type Steps<T> = Generator<void, T, void>;

export interface Slicing {
  /** Hands control back to the event loop; tests pass one that resolves at once. */
  readonly yieldNow: () => Promise<void>;
  readonly now?: () => number;
  /** Work per slice, in milliseconds. */
  readonly sliceMs?: number;
}

export function runAll<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export async function runSliced<T>(steps: Steps<T>, slicing: Slicing): Promise<T> {
  const now = slicing.now ?? (() => performance.now());
  const budget = slicing.sliceMs ?? 8;
  let start = now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (now() - start >= budget) {
      await slicing.yieldNow();
      start = now();
    }
  }
}

/** `scheduler.yield()` where the browser has it (keeps the task's priority), else a macrotask. */
export const yieldToEventLoop = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
};

export const defaultSlicing: Slicing = { yieldNow: yieldToEventLoop };

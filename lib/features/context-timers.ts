import type { ContentScriptContext } from 'wxt/utils/content-script-context';

/**
 * Timers of the content script that end with it (an extension reloaded or updated leaves none running).
 * WXT's `ctx.setTimeout` adds a listener to the context's signal for every timer and never takes it off:
 * a timer set on every key or selection change leaves thousands there in a long session, and each one
 * added costs more than the last. Here the running timers are kept in a set and cleared at once.
 */
export interface ContextTimers {
  setTimeout(run: () => void, ms: number): number;
  setInterval(run: () => void, ms: number): number;
  /** Clears a timeout or an interval of these (the browser's ids are one list). */
  clear(id: unknown): void;
}

const made = new WeakMap<ContentScriptContext, ContextTimers>();

export function contextTimers(ctx: ContentScriptContext): ContextTimers {
  const kept = made.get(ctx);
  if (kept) return kept;
  const running = new Set<number>();
  ctx.onInvalidated(() => {
    for (const id of running) clearTimeout(id);
    running.clear();
  });
  const timers: ContextTimers = {
    setTimeout(run, ms) {
      const id = setTimeout(() => {
        running.delete(id);
        if (ctx.isValid) run();
      }, ms) as unknown as number;
      running.add(id);
      return id;
    },
    setInterval(run, ms) {
      const id = setInterval(() => {
        if (ctx.isValid) run();
      }, ms) as unknown as number;
      running.add(id);
      return id;
    },
    clear(id) {
      if (id === undefined || id === null) return;
      clearTimeout(id as number);
      running.delete(id as number);
    },
  };
  made.set(ctx, timers);
  return timers;
}

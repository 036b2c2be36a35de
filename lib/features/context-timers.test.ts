import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { contextTimers } from './context-timers.ts';

/** A context as far as the timers use it: valid until `end`. */
function fakeContext() {
  const controller = new AbortController();
  const ctx = {
    get isValid() {
      return !controller.signal.aborted;
    },
    onInvalidated(cb: () => void) {
      controller.signal.addEventListener('abort', cb);
      return () => controller.signal.removeEventListener('abort', cb);
    },
  } as unknown as ContentScriptContext;
  return { ctx, end: () => controller.abort(), signal: controller.signal };
}

describe('contextTimers', () => {
  afterEach(() => vi.useRealTimers());

  it('runs timeouts and intervals until the context ends, then none', () => {
    vi.useFakeTimers();
    const { ctx, end } = fakeContext();
    const timers = contextTimers(ctx);
    const once = vi.fn();
    const every = vi.fn();
    timers.setTimeout(once, 100);
    timers.setInterval(every, 50);
    vi.advanceTimersByTime(120);
    expect(once).toHaveBeenCalledTimes(1);
    expect(every).toHaveBeenCalledTimes(2);
    const late = vi.fn();
    timers.setTimeout(late, 100);
    end();
    vi.advanceTimersByTime(500);
    expect(late).not.toHaveBeenCalled();
    expect(every).toHaveBeenCalledTimes(2);
  });

  it('a cleared timer does not run, and is the same set of timers for every feature of a context', () => {
    vi.useFakeTimers();
    const { ctx } = fakeContext();
    const run = vi.fn();
    const id = contextTimers(ctx).setTimeout(run, 10);
    contextTimers(ctx).clear(id);
    vi.advanceTimersByTime(50);
    expect(run).not.toHaveBeenCalled();
    expect(contextTimers(ctx)).toBe(contextTimers(ctx));
  });

  it('a thousand timers add one listener to the context, not a thousand', () => {
    vi.useFakeTimers();
    const { ctx } = fakeContext();
    const listen = vi.spyOn(ctx, 'onInvalidated');
    const timers = contextTimers(ctx);
    for (let i = 0; i < 1000; i++) timers.clear(timers.setTimeout(() => {}, 350));
    expect(listen).toHaveBeenCalledTimes(1);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_MS, KeepAlive } from './keep-alive.background.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('KeepAlive', () => {
  it('calls an extension API more often than every 30 s while work remains, and stops when there is none', () => {
    expect(KEEP_ALIVE_MS).toBeLessThan(30_000);
    let busy = true;
    const ping = vi.fn(async () => ({}));
    const keepAlive = new KeepAlive(() => busy, ping);
    keepAlive.start();
    keepAlive.start();
    vi.advanceTimersByTime(KEEP_ALIVE_MS * 5);
    expect(ping).toHaveBeenCalledTimes(5);
    busy = false;
    vi.advanceTimersByTime(KEEP_ALIVE_MS);
    expect(keepAlive.running).toBe(false);
    vi.advanceTimersByTime(KEEP_ALIVE_MS * 5);
    expect(ping).toHaveBeenCalledTimes(5);
    busy = true;
    keepAlive.start();
    vi.advanceTimersByTime(KEEP_ALIVE_MS);
    expect(ping).toHaveBeenCalledTimes(6);
  });

  it('a failing call does not stop it', () => {
    const ping = vi.fn(async () => {
      throw new Error('context invalidated');
    });
    const keepAlive = new KeepAlive(() => true, ping);
    keepAlive.start();
    vi.advanceTimersByTime(KEEP_ALIVE_MS * 3);
    expect(ping).toHaveBeenCalledTimes(3);
    expect(keepAlive.running).toBe(true);
  });
});

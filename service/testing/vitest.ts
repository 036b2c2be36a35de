import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { ServiceOptions } from '../config.ts';
import type { Reply } from './http.ts';
import { type RunningService, startService } from './service.ts';

/**
 * The test file's local service: started before its first test, back to the seed before each test,
 * closed after the last. What it answers reads the running instance, so it can be named at the top of
 * a file (and handed to `client()`) before the service starts.
 */
export function serviceForTests(overrides: Partial<ServiceOptions> = {}): RunningService {
  let running: RunningService | undefined;
  beforeAll(async () => {
    running = await startService(overrides);
  });
  afterAll(() => running?.close());
  beforeEach(() => current().state.reset());
  const current = (): RunningService => {
    if (!running) throw new Error('The test service starts in beforeAll; use it inside a hook or a test');
    return running;
  };
  return {
    get url() {
      return current().url;
    },
    get state() {
      return current().state;
    },
    get options() {
      return current().options;
    },
    get control() {
      return current().control;
    },
    close: () => current().close(),
  };
}

/** Expects the service to refuse with `status` and a message matching `message`; `what` names the case. */
export async function expectRefused(
  reply: Reply | Promise<Reply>,
  status: number,
  message: RegExp,
  what?: string,
): Promise<void> {
  const r = await reply;
  expect(r.status, what).toBe(status);
  expect((r.body as { message: string }).message).toMatch(message);
}

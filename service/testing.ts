import { type ServiceOptions, testOptions } from './config.ts';
import { type ListeningService, listen } from './listen.ts';

export type RunningService = ListeningService;

/**
 * Starts a local service on a free loopback port, in test mode. Each test file gets its own instance,
 * so fault rules and request logs never leak between files that vitest runs in parallel.
 */
export function startService(overrides: Partial<ServiceOptions> = {}): Promise<RunningService> {
  return listen(testOptions({ host: '127.0.0.1', ...overrides }));
}

import { type ServerType, serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { type ServiceOptions, testOptions } from './config.ts';
import type { ServiceState } from './state.ts';

export interface RunningService {
  url: string;
  state: ServiceState;
  options: ServiceOptions;
  close(): Promise<void>;
}

/**
 * Starts a local service on a free loopback port, in test mode. Each test file gets its own instance,
 * so fault rules and request logs never leak between files that vitest runs in parallel.
 */
export function startService(overrides: Partial<ServiceOptions> = {}): Promise<RunningService> {
  const options = testOptions(overrides);
  const { app, state } = createApp(options);
  return new Promise((resolve) => {
    const server: ServerType = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        state,
        options,
        close: () =>
          new Promise<void>((done) => {
            // Hung requests (fault rule `hang`) must not keep the server open.
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

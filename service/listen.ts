import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { ServiceOptions } from './config.ts';
import type { ServiceState } from './stores/state.ts';

export interface ListeningService {
  url: string;
  state: ServiceState;
  options: ServiceOptions;
  close(): Promise<void>;
}

/**
 * Starts the local service on `options.host`:`options.port` (0 picks a free port). Rejects with a
 * readable error when the port is taken. `close()` also ends hung requests (fault rule `hang`), which
 * would otherwise keep the server open.
 */
export function listen(options: ServiceOptions): Promise<ListeningService> {
  const { app, state } = createApp(options);
  return new Promise((resolve, reject) => {
    const server: ServerType = serve({ fetch: app.fetch, hostname: options.host, port: options.port });
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${options.port} on ${options.host} is already in use: set PORT to another port.`)
          : error,
      );
    });
    // Idle connections are kept a minute, far longer than clients keep them (Node's fetch: the hint less a
    // second): at Node's default five seconds, a client on a busy machine sends on a connection in the
    // instant the server drops it, and gets "other side closed".
    (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 60_000;
    server.once('listening', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${options.host}:${port}`,
        state,
        options: { ...options, port },
        close: () =>
          new Promise<void>((done) => {
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

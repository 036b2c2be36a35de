import type { BrowserContext, Worker } from '@playwright/test';
import { launchKeyedVerso } from './browser.ts';
import { servePages } from './page-server.ts';
import { startService } from './service.ts';

/** What an end-to-end benchmark runs in: the local service, its pages, and Verso keyed to the service. */
export interface BenchSession {
  service: string;
  port: number;
  context: BrowserContext;
  background: Worker;
  /** Closes the browser, the page server and the service. */
  close(): Promise<void>;
}

/**
 * Starts the local service with `latencyMs` of latency, serves `pages` (read at each request) on a free
 * port, and launches Chromium with Verso, the paid key, the service's address and `storage`.
 */
export async function openSession(
  latencyMs: number,
  pages: Record<string, string>,
  storage: Record<string, unknown>,
): Promise<BenchSession> {
  const service = await startService(latencyMs);
  const site = await servePages(pages);
  const stop = () => {
    site.server.close();
    service.process.kill();
  };
  try {
    const { context, background } = await launchKeyedVerso(service.url, storage);
    return {
      service: service.url,
      port: site.port,
      context,
      background,
      close: async () => {
        await context.close();
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}

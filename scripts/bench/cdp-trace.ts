import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';

/** An event of a Chromium trace, with the fields the benchmarks read. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time (µs): what the thread ran, without the time the system gave the core to others. */
  tdur?: number;
  args?: { name?: string; data?: { message?: string; url?: string; type?: string } };
}

/** Starts a Chromium trace of `page`'s renderer with `categories`. */
export async function startTrace(page: Page, categories: string): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send('Tracing.start', { categories, transferMode: 'ReturnAsStream' });
  return session;
}

/**
 * Ends the trace and returns its events. VERSO_BENCH_TRACE_DIR=dir keeps each trace there as
 * `<name>-<time>.json` (open it in DevTools' Performance panel).
 */
export async function stopTrace(session: CDPSession, name: string): Promise<TraceEvent[]> {
  const done = new Promise<string>((resolve) => {
    session.once('Tracing.tracingComplete', (event) => resolve(event.stream ?? ''));
  });
  await session.send('Tracing.end');
  const handle = await done;
  const chunks: string[] = [];
  for (;;) {
    const chunk = await session.send('IO.read', { handle, size: 1 << 20 });
    chunks.push(chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data);
    if (chunk.eof) break;
  }
  await session.send('IO.close', { handle });
  await session.detach();
  const text = chunks.join('');
  const dir = process.env.VERSO_BENCH_TRACE_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${name}-${Date.now()}.json`), text);
  }
  const raw = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
}

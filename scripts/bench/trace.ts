import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';

/**
 * Main-thread tasks of a page's renderer, from a Chromium trace. The page's own long task and long
 * animation frame APIs leave out (or do not attribute) the work of an extension's content script; the
 * trace's `RunTask` events are every task the renderer's main thread ran, Verso's included.
 */
export interface TaskTrace {
  stop(): Promise<number[]>;
}

/** The top-level task event, by the names Chromium versions have used. */
const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

async function readStream(session: CDPSession, handle: string): Promise<string> {
  let text = '';
  for (;;) {
    const chunk = await session.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    if (chunk.eof) break;
  }
  await session.send('IO.close', { handle });
  return text;
}

/** Starts tracing the page's renderer; `stop()` returns the durations (ms) of its main thread's tasks. */
export async function traceTasks(page: Page): Promise<TaskTrace> {
  const session = await page.context().newCDPSession(page);
  await session.send('Tracing.start', {
    categories: 'devtools.timeline,toplevel',
    transferMode: 'ReturnAsStream',
  });
  return {
    async stop() {
      const done = new Promise<string>((resolve) => {
        session.once('Tracing.tracingComplete', (event) => resolve(event.stream ?? ''));
      });
      await session.send('Tracing.end');
      const handle = await done;
      const text = await readStream(session, handle);
      // VERSO_BENCH_TRACE_DIR=dir keeps each visit's trace (open it in DevTools' Performance panel).
      const dir = process.env.VERSO_BENCH_TRACE_DIR;
      if (dir) {
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `trace-${Date.now()}.json`), text);
      }
      const raw = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
      await session.detach();
      const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
      // The page's renderer main thread: of the threads named CrRendererMain, the one that parsed the
      // page's HTML and ran the most tasks (other renderers, e.g. extension pages, are traced too).
      const isTask = (e: TraceEvent) => TASK_NAMES.has(e.name) && e.ph === 'X';
      const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
      const threadOf = (e: TraceEvent) => `${e.pid}:${e.tid}`;
      const mainThreads = new Set(mains.map(threadOf));
      const parsed = new Set(events.filter((e) => e.name === 'ParseHTML').map(threadOf));
      const counts = new Map<string, number>();
      for (const e of events) {
        if (isTask(e) && mainThreads.has(threadOf(e))) counts.set(threadOf(e), (counts.get(threadOf(e)) ?? 0) + 1);
      }
      const [thread] = [...counts].filter(([t]) => parsed.has(t)).sort((x, y) => y[1] - x[1])[0] ?? [];
      if (!thread) return [];
      return events.filter((e) => isTask(e) && threadOf(e) === thread).map((e) => (e.dur ?? 0) / 1000);
    },
  };
}

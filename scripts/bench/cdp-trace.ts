import { appendFileSync, mkdirSync } from 'node:fs';
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
 * Takes the events out of a trace as it streams in, keeping those `keep` wants: a long trace is more
 * than one string can hold. Events are the objects of the `traceEvents` array (or of a bare array).
 */
class TraceEvents {
  readonly events: TraceEvent[] = [];
  private pending = '';
  /** The open brackets: true for an array. */
  private readonly open: boolean[] = [];
  private eventDepth = 0;
  private inString = false;
  private escaped = false;
  private inEvent = false;

  constructor(private readonly keep: (event: TraceEvent) => boolean) {}

  push(chunk: string): void {
    const text = this.pending + chunk;
    let start = this.inEvent ? 0 : -1;
    for (let i = this.pending.length; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 92) this.escaped = true;
        else if (c === 34) this.inString = false;
        continue;
      }
      if (c === 34) this.inString = true;
      else if (c === 123 || c === 91) {
        // The first bracket says the shape: `[` a bare array of events, `{` an object with traceEvents.
        if (this.eventDepth === 0) this.eventDepth = c === 91 ? 1 : 2;
        // An event is an object in the events array (not one in the trace's metadata).
        if (c === 123 && this.open.length === this.eventDepth && this.open.at(-1) === true) {
          start = i;
          this.inEvent = true;
        }
        this.open.push(c === 91);
      } else if (c === 125 || c === 93) {
        this.open.pop();
        if (c === 125 && this.inEvent && this.open.length === this.eventDepth) {
          const event = JSON.parse(text.slice(start, i + 1)) as TraceEvent;
          if (this.keep(event)) this.events.push(event);
          this.inEvent = false;
          start = -1;
        }
      }
    }
    this.pending = this.inEvent ? text.slice(start) : '';
  }
}

/**
 * Ends the trace and returns its events (those `keep` wants). VERSO_BENCH_TRACE_DIR=dir keeps each
 * trace there as `<name>-<time>.json` (open it in DevTools' Performance panel).
 */
export async function stopTrace(
  session: CDPSession,
  name: string,
  keep: (event: TraceEvent) => boolean = () => true,
): Promise<TraceEvent[]> {
  const done = new Promise<string>((resolve) => {
    session.once('Tracing.tracingComplete', (event) => resolve(event.stream ?? ''));
  });
  await session.send('Tracing.end');
  const handle = await done;
  const dir = process.env.VERSO_BENCH_TRACE_DIR;
  const file = dir ? path.join(dir, `${name}-${Date.now()}.json`) : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const events = new TraceEvents(keep);
  for (;;) {
    const chunk = await session.send('IO.read', { handle, size: 1 << 20 });
    const text = chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
    events.push(text);
    if (file) appendFileSync(file, text);
    if (chunk.eof) break;
  }
  await session.send('IO.close', { handle });
  await session.detach();
  return events.events;
}

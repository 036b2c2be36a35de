/**
 * Reader scenarios of the page benchmark: what a person who reads (rather than waits for the whole page)
 * is billed, and how long a block they scroll to stays untranslated on screen. Pages read "as you read"
 * (the default); the encyclopedia page also whole, where billing is compared with its unique text.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { sleep } from './machine.ts';
import { installReaderProbe, type ReaderProbe, type ReaderResult } from './reader-probe.ts';
import { type LoggedTranslate, segmentStats } from './stats.ts';

const PROBE = `var __name = (f) => f; (${installReaderProbe.toString()})();`;

export type Reading = 'as-you-read' | 'whole-page';

export interface ReaderDeps {
  context: BrowserContext;
  background: Worker;
  /** Characters the service billed so far. */
  billed(): Promise<number>;
  /** Translate requests the service received so far, in its log. */
  requests(): Promise<LoggedTranslate[]>;
  setReading(reading: Reading): Promise<void>;
  pressShortcut(url: string): Promise<void>;
}

export interface ReaderFigures extends ReaderResult {
  reader: string;
  reading: Reading;
  billedCharacters: number;
  billedPerSeen: number | null;
  billedPerShownUnique: number | null;
  /** Translate requests while the reader read (and the queue settled). */
  requests: number;
  /** The fewest requests the contract's limits allow for the texts sent (stats.ts), and the ratio. */
  lowerBound: number;
  requestsPerLowerBound: number | null;
  medianTextsPerRequest: number;
  /** Each request's texts, in the order they arrived. */
  textsPerRequest: string;
  durationMs: number;
}

type Behaviour = (page: Page) => Promise<void>;

/** Stays on the first screen. */
export const stays =
  (ms: number): Behaviour =>
  async () => {
    await sleep(ms);
  };

/**
 * Scrolls with the mouse wheel at `screensPerSecond`, ten small steps a second (as a wheel or a
 * trackpad does), until `share` of the page is behind the bottom of the screen (of the page as it is
 * then: translated text can make it shorter) or the page scrolls no further; then stays a moment.
 */
export const scrolls =
  (share: number, screensPerSecond = 1): Behaviour =>
  async (page) => {
    const screen = await page.evaluate(() => innerHeight);
    const step = (screen * screensPerSecond) / 10;
    await page.evaluate(() => (window as unknown as { __reader: ReaderProbe }).__reader.scrolling());
    const box = page.viewportSize() ?? { width: 1280, height: 720 };
    await page.mouse.move(box.width / 2, box.height / 2);
    const started = Date.now();
    let last = -1;
    let stuck = 0;
    for (let i = 1; ; i++) {
      const { y, height } = await page.evaluate(() => ({ y: scrollY, height: document.documentElement.scrollHeight }));
      const goal = Math.max(0, share * height - screen);
      stuck = y === last ? stuck + 1 : 0;
      last = y;
      if (y >= goal - 1 || stuck >= 10) break;
      await page.mouse.wheel(0, Math.min(step, goal - y));
      // Keeps the pace on the clock, whatever the steps cost.
      const wait = started + i * 100 - Date.now();
      if (wait > 0) await sleep(wait);
    }
    await sleep(1500);
  };

/** One reader on one page: starts the translation as a person would, reads, and reports. */
export async function readPage(
  deps: ReaderDeps,
  url: string,
  reader: string,
  reading: Reading,
  behaviour: Behaviour,
): Promise<ReaderFigures> {
  await deps.setReading(reading);
  const page = await deps.context.newPage();
  await page.addInitScript({ content: PROBE });
  await page.goto(url);
  // The content script starts at document_idle; a person takes a moment before asking, too.
  await sleep(1500);
  const before = await deps.billed();
  const requestsBefore = (await deps.requests()).length;
  const started = Date.now();
  await page.evaluate(() => (window as unknown as { __reader: ReaderProbe }).__reader.start());
  await deps.pressShortcut(url);
  await behaviour(page);
  const result = await page.evaluate(() => (window as unknown as { __reader: ReaderProbe }).__reader.result());
  // Answers already billed may still be on their way: wait for the worker's queue to settle.
  await sleep(1000);
  const billedCharacters = (await deps.billed()) - before;
  const log = (await deps.requests()).slice(requestsBefore);
  const stats = segmentStats(log);
  const texts = log.map((r) => ((r.body?.text ?? []) as unknown[]).length).sort((a, b) => a - b);
  const groups = log.map((r) => (r.body?.tag_handling === 'html' ? 'h' : 'p'));
  await page.close();
  const ratio = (a: number, b: number) => (b > 0 ? Number((a / b).toFixed(2)) : null);
  return {
    reader,
    reading,
    ...result,
    billedCharacters,
    billedPerSeen: ratio(billedCharacters, result.seenCharacters),
    billedPerShownUnique: ratio(billedCharacters, result.shownUniqueCharacters),
    requests: stats.requests,
    lowerBound: stats.lowerBound,
    requestsPerLowerBound: ratio(stats.requests, stats.lowerBound),
    medianTextsPerRequest: texts.length ? texts[texts.length >> 1]! : 0,
    textsPerRequest: log.map((r, i) => `${groups[i]}${((r.body?.text ?? []) as unknown[]).length}`).join(' '),
    durationMs: Date.now() - started,
  };
}

/**
 * The page translation benchmark, end to end: the built extension in Chromium, the local service with
 * 100 ms of latency, generated long pages on a local server. Run through `npm run bench:page`
 * (scripts/bench-page.mjs builds first when needed). Prints one JSON document: whole-page visits, then
 * the reader scenarios (readers.ts) and a page with frames. `VERSO_BENCH_ONLY=readers` runs only those.
 */

import { availableParallelism, cpus, loadavg } from 'node:os';
import type { BrowserContext, Worker } from '@playwright/test';
import { ServiceControl } from '../../service/testing/control.ts';
import { launchWithExtension } from '../../tests/e2e/browser.ts';
import { articlePage, encyclopediaPage, smallPages, spaPage, uiStringsPage } from './pages.ts';
import { type BenchWindow, installProbe, type ProbeResult } from './probe.ts';
import { profileCpu } from './profile.ts';
import { type ReaderDeps, type ReaderFigures, type Reading, readPage, scrolls, stays } from './readers.ts';
import { servePages, startService } from './service.ts';
import { type LoggedTranslate, segmentStats } from './stats.ts';
import { printTable } from './table.ts';
import { type TracedTasks, traceTasks } from './trace.ts';

const LATENCY_MS = 100;
const PAID_KEY = '00000000-0000-4000-8000-00000000a001';

async function charactersUsed(service: string): Promise<number> {
  const res = await fetch(`${service}/v2/usage`, { headers: { Authorization: `Service-Auth-Key ${PAID_KEY}` } });
  return ((await res.json()) as { character_count: number }).character_count;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

/** The `translate-page` shortcut, fired as the browser fires it. */
function pressShortcut(background: Worker, url: string): Promise<void> {
  return background.evaluate(async (target) => {
    const [tab] = await chrome.tabs.query({ url: target });
    if (!tab) throw new Error(`no tab at ${target}`);
    (chrome.commands.onCommand as unknown as { dispatch(...args: unknown[]): void }).dispatch('translate-page', tab);
  }, url);
}

/** Starts counting the messages the worker sends to tabs, by type (from zero for each visit). */
function countTabMessages(background: Worker): Promise<void> {
  return background.evaluate(() => {
    const g = globalThis as unknown as { __benchSent?: Record<string, number> };
    const counting = g.__benchSent !== undefined;
    g.__benchSent = {};
    if (counting) return;
    const tabs = chrome.tabs as unknown as { sendMessage: (...args: unknown[]) => unknown };
    const send = tabs.sendMessage.bind(chrome.tabs);
    tabs.sendMessage = (...args: unknown[]) => {
      const type = String((args[1] as { type?: unknown } | undefined)?.type);
      const sent = g.__benchSent!;
      sent[type] = (sent[type] ?? 0) + 1;
      return send(...args);
    };
  });
}

function tabMessagesSent(background: Worker, type: string): Promise<number> {
  return background.evaluate(
    (name) => (globalThis as unknown as { __benchSent?: Record<string, number> }).__benchSent?.[name] ?? 0,
    type,
  );
}

// The probe's source runs in the page; `__name` covers the helper some TypeScript loaders add to functions.
const PROBE = `var __name = (f) => f; (${installProbe.toString()})();`;

interface VisitFigures extends ProbeResult {
  requests: number;
  failedRequests: number;
  lowerBound: number;
  uniqueSegments: number;
  billedCharacters: number;
  uniqueSourceCharacters: number;
  sentSourceCharacters: number;
  restoreExact: boolean;
  firstRequestAtMs: number | null;
  firstRequestTexts: number;
  /** The last request's answer, on the probe's time line: the rest of the whole page is merging. */
  lastAnswerAtMs: number | null;
  /** Each request: arrival at the service (ms after the trigger), + its time there, and its texts. */
  timeline: string;
  /** Messages that carried translations to the page (one per answered request, not one per text). */
  resultMessages: number;
  /** From the renderer's trace: every task of the page's main thread, content scripts included. */
  tracedTasks: number;
  longestTracedTaskMs: number;
  /** Of the longest task, the time its thread ran on a core. */
  longestTracedTaskCpuMs: number;
  /** The most time on a core of any one task. */
  mostTracedTaskCpuMs: number;
  tracedTasksOver50Ms: number;
  /** Main-thread time after the trigger by trace event (self time), the largest first. */
  tracedCosts: TracedTasks['costs'];
  tracedBusyMs: number;
  /** Of the busy time, how long the main thread ran on a core. */
  tracedBusyCpuMs: number;
  /** The whole machine from the trigger to the end of the visit: cores busy on average (every process). */
  machineBusyCores: number;
}

/** Time of all cores so far, busy and in total (ms), and how many cores. */
function coreTimes(): { busy: number; total: number; cores: number } {
  const all = cpus();
  let busy = 0;
  let total = 0;
  for (const { times } of all) {
    const sum = times.user + times.nice + times.sys + times.irq + times.idle;
    busy += sum - times.idle;
    total += sum;
  }
  return { busy, total, cores: all.length };
}

async function visit(context: BrowserContext, background: Worker, service: string, url: string): Promise<VisitFigures> {
  const control = new ServiceControl(service);
  await control.clearRequests();
  const usedBefore = await charactersUsed(service);
  const page = await context.newPage();
  await page.addInitScript({ content: PROBE });
  await page.goto(url);
  // The content script starts at document_idle; give it a moment, as a person would before clicking
  // (also lets the renderer collect what the previous page left behind).
  await page.waitForTimeout(1500);
  const trace = await traceTasks(page);
  const cpu = await profileCpu(page);
  await countTabMessages(background);
  await page.evaluate(() => (window as unknown as BenchWindow).__bench?.start());
  const coresBefore = coreTimes();
  await pressShortcut(background, url);
  await page.evaluate(() => (window as unknown as BenchWindow).__spa?.start());
  await until(() => page.evaluate(() => (window as unknown as BenchWindow).__bench?.finished() ?? false), 180_000);
  const coresAfter = coreTimes();
  await page.waitForTimeout(500);
  const { tasks, taskCpu, costs, busyMs, busyCpuMs } = await trace.stop();
  const longestMs = Math.max(0, ...tasks);
  const resultMessages = await tabMessagesSent(background, 'page.results');
  await cpu?.stop(new URL(url).pathname.replace(/\W+/g, ''));
  const probe = await page.evaluate(() => (window as unknown as BenchWindow).__bench!.result());
  // The benchmark sends JSON bodies, which the log keeps as objects.
  const requests = (await control.requests('/v2/translate')) as LoggedTranslate[];
  const stats = segmentStats(requests);
  const first = requests[0];
  const firstRequestAtMs = first ? Date.parse(first.at) - probe.startedAt : null;
  const firstRequestTexts = ((first?.body?.text ?? []) as unknown[]).length;
  const arrivals = requests.map((r) => Date.parse(r.at) - probe.startedAt);
  const lastAnswerAtMs =
    requests.length > 0 ? Math.max(...requests.map((r, i) => arrivals[i]! + (r.durationMs ?? 0))) : null;
  const timeline = requests
    .map((r, i) => `${arrivals[i]}+${r.durationMs}:${((r.body?.text ?? []) as unknown[]).length}`)
    .join(' ');
  const billedCharacters = (await charactersUsed(service)) - usedBefore;

  await pressShortcut(background, url);
  const expected = await page.evaluate(() => (window as unknown as BenchWindow).__bench!.expectedBody());
  const restoreExact = await until(
    async () => (await page.evaluate(() => document.body.innerHTML)) === expected,
    20_000,
  );
  await page.close();
  return {
    ...probe,
    ...stats,
    billedCharacters,
    restoreExact,
    firstRequestAtMs,
    firstRequestTexts,
    lastAnswerAtMs,
    timeline,
    resultMessages,
    tracedTasks: tasks.length,
    longestTracedTaskMs: longestMs,
    longestTracedTaskCpuMs: taskCpu[tasks.indexOf(longestMs)] ?? 0,
    mostTracedTaskCpuMs: Math.max(0, ...taskCpu),
    tracedTasksOver50Ms: tasks.filter((ms) => ms > 50).length,
    tracedCosts: costs,
    tracedBusyMs: busyMs,
    tracedBusyCpuMs: busyCpuMs,
    machineBusyCores:
      ((coresAfter.busy - coresBefore.busy) / Math.max(1, coresAfter.total - coresBefore.total)) * coresAfter.cores,
  };
}

const round = (n: number | null, digits = 0) => (n === null ? null : Number(n.toFixed(digits)));

function summary(figures: VisitFigures) {
  return {
    requests: figures.requests,
    failedRequests: figures.failedRequests,
    lowerBound: figures.lowerBound,
    requestsPerLowerBound: round(figures.lowerBound ? figures.requests / figures.lowerBound : 0, 2),
    uniqueSegments: figures.uniqueSegments,
    billedCharacters: figures.billedCharacters,
    uniqueSourceCharacters: figures.uniqueSourceCharacters,
    sentSourceCharacters: figures.sentSourceCharacters,
    billedPerUnique: round(
      figures.uniqueSourceCharacters ? figures.billedCharacters / figures.uniqueSourceCharacters : 0,
      2,
    ),
    firstRequestAtMs: figures.firstRequestAtMs,
    firstRequestTexts: figures.firstRequestTexts,
    lastAnswerAtMs: figures.lastAnswerAtMs,
    resultMessages: figures.resultMessages,
    timeline: figures.timeline,
    firstChangeMs: round(figures.firstChangeMs),
    firstScreenMs: round(figures.firstScreenMs),
    wholePageMs: round(figures.wholePageMs),
    longestTracedTaskMs: round(figures.longestTracedTaskMs),
    longestTracedTaskCpuMs: round(figures.longestTracedTaskCpuMs),
    mostTracedTaskCpuMs: round(figures.mostTracedTaskCpuMs),
    tracedTasksOver50Ms: figures.tracedTasksOver50Ms,
    tracedTasks: figures.tracedTasks,
    tracedBusyMs: figures.tracedBusyMs,
    tracedBusyCpuMs: figures.tracedBusyCpuMs,
    machineBusyCores: round(figures.machineBusyCores, 2),
    tracedCosts: figures.tracedCosts,
    longestTaskMs: round(figures.longestTaskMs),
    longTasksOver50Ms: figures.longTasks,
    longestFrameMs: round(figures.longestFrameMs),
    blockingFrames: figures.blockingFrames,
    longestFrameTasksMs: round(figures.longestFrameTasksMs),
    longestFrameRenderMs: round(figures.longestFrameRenderMs),
    blocks: figures.blocks,
    firstScreenBlocks: figures.firstScreenBlocks,
    untranslatedBlocks: figures.untranslated,
    lastOnScreen: figures.lastOnScreen,
    restoreExact: figures.restoreExact,
  };
}

/** Empties the translation cache, so a reader is billed as on a first visit. */
function clearCache(background: Worker): Promise<void> {
  return background.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('verso');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('translations')) return resolve(db.close());
          const tx = db.transaction('translations', 'readwrite');
          tx.objectStore('translations').clear();
          tx.oncomplete = () => resolve(db.close());
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

async function setPreferences(background: Worker, reading: Reading): Promise<void> {
  await background.evaluate(
    (pageReading) => chrome.storage.local.set({ preferences: { targetLang: 'de', pageReading } }),
    reading,
  );
}

/** Waits until the service has billed nothing new for a while (a whole page translated). */
const untilQuiet = (billed: () => Promise<number>) => async (): Promise<void> => {
  await sleep(2000);
  let last = -1;
  let still = 0;
  const end = Date.now() + 120_000;
  while (still < 4 && Date.now() < end) {
    const now = await billed();
    still = now === last ? still + 1 : 0;
    last = now;
    await sleep(500);
  }
};

/** The reader scenarios (readers.ts): each on a first visit (empty cache), on a site of its own. */
async function readers(context: BrowserContext, background: Worker, service: string, port: number) {
  const deps: ReaderDeps = {
    context,
    background,
    billed: () => charactersUsed(service),
    requests: async () => (await new ServiceControl(service).requests('/v2/translate')).length,
    setReading: async (reading) => {
      await clearCache(background);
      await setPreferences(background, reading);
    },
    pressShortcut: (url) => pressShortcut(background, url),
  };
  const article = `http://127.0.0.1:${port}/article.html`;
  const encyclopedia = `http://localhost:${port}/encyclopedia.html`;
  const ARTICLE = 'article (1,500 blocks)';
  const WIKI = 'encyclopedia (1,634 blocks, 3,299 links with tooltips)';
  const out: Array<ReaderFigures & { page: string }> = [];
  const run = async (
    page: string,
    url: string,
    reader: string,
    reading: Reading,
    how: Parameters<typeof readPage>[4],
  ) => out.push({ page, ...(await readPage(deps, url, reader, reading, how)) });
  await run(ARTICLE, article, 'stays on the first screen for 10 s', 'as-you-read', stays(10_000));
  await run(ARTICLE, article, 'scrolls half the page, one screen a second', 'as-you-read', scrolls(0.5));
  await run(ARTICLE, article, 'scrolls the whole page, one screen a second', 'as-you-read', scrolls(1));
  await run(WIKI, encyclopedia, 'stays on the first screen for 10 s', 'as-you-read', stays(10_000));
  await run(WIKI, encyclopedia, 'whole page, until nothing more is billed', 'whole-page', untilQuiet(deps.billed));
  return out;
}

/** Frames of another site and of the same one: are they all translated with the page? */
async function frames(context: BrowserContext, background: Worker, port: number) {
  await setPreferences(background, 'whole-page');
  const url = `http://127.0.0.1:${port}/frames.html`;
  const page = await context.newPage();
  await page.goto(url);
  await sleep(1500);
  await pressShortcut(background, url);
  const translated = async () => {
    const texts = await Promise.all(
      page
        .frames()
        .slice(1)
        .map((frame) => frame.evaluate(() => document.body.textContent ?? '').catch(() => '')),
    );
    return texts.map((text) => /[äöü]/.test(text));
  };
  const end = Date.now() + 30_000;
  let state = await translated();
  while (!state.every(Boolean) && Date.now() < end) {
    await sleep(250);
    state = await translated();
  }
  await page.close();
  return { frames: state.length, translated: state.filter(Boolean).length };
}

/** The whole-page visits: name, path, host, and whether it is a small page (requests against the bound). */
const VISITS = [
  ['article', 'article (1,500 blocks: links, inline code, lists, tables)', '/article.html', '127.0.0.1'],
  ['encyclopedia', 'encyclopedia (1,634 blocks, 3,299 links with tooltips)', '/encyclopedia.html', 'localhost'],
  ['ui', 'short UI strings (400-row dashboard)', '/ui.html', '127.0.0.1'],
  ['spa', 'single-page app (feed growing while translated)', '/spa.html', 'localhost'],
  ['blog', 'small: blog post (about 40 blocks)', '/blog.html', '127.0.0.1'],
  ['product', 'small: product page (about 25 blocks, labels)', '/product.html', 'localhost'],
  ['docs', 'small: documentation page (about 30 blocks, code)', '/docs.html', '127.0.0.1'],
] as const;

/**
 * `VERSO_BENCH_ONLY`: `readers` (the reader scenarios and frames), `visits` (the whole-page visits), or
 * names of visits separated by commas (`article,encyclopedia`); unset runs everything.
 */
function selection(only: string | undefined) {
  const names = (only ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const all = names.length === 0;
  return {
    visits: VISITS.filter(([key]) => all || names.includes('visits') || names.includes(key)),
    readers: all || names.includes('readers'),
  };
}

async function main(): Promise<void> {
  const service = await startService(LATENCY_MS);
  const chosen = selection(process.env.VERSO_BENCH_ONLY);
  const pages = {
    '/article.html': articlePage(1500),
    '/ui.html': uiStringsPage(400),
    '/spa.html': spaPage(),
    '/encyclopedia.html': encyclopediaPage(),
    ...smallPages(),
    '/frames.html': '',
    '/frame.html': '<!doctype html><html lang="en"><body><p>A frame about boats and the harbour.</p></body></html>',
  };
  const site = await servePages(pages);
  // A page with a frame of its own site and one of another (localhost is another site than 127.0.0.1).
  pages['/frames.html'] =
    '<!doctype html><html lang="en"><head><title>Frames</title></head><body><p>The harbour news.</p>' +
    `<iframe src="/frame.html"></iframe><iframe src="http://localhost:${site.port}/frame.html"></iframe></body></html>`;
  const loadBefore = loadavg().map((n) => round(n, 2));
  const context = await launchWithExtension();
  try {
    const background = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await background.evaluate(
      async ({ apiKey, serverUrl }) => {
        await chrome.storage.local.set({
          credentials: { apiKey, serverUrl, adminKey: '' },
          // These visits measure a whole page; the reader scenarios below read as people do.
          preferences: { targetLang: 'de', pageReading: 'whole-page' },
        });
      },
      { apiKey: PAID_KEY, serverUrl: service.url },
    );
    const results = [];
    // Two hosts Verso may see (127.0.0.1 and localhost are different sites): consecutive pages then run
    // in different renderer processes, so one page's measurements do not pay for collecting another's.
    for (const [key, name, file, host] of chosen.visits) {
      const url = `http://${host}:${site.port}${file}`;
      const load = loadavg()[0]!;
      const first = await visit(context, background, service.url, url);
      const second = await visit(context, background, service.url, url);
      results.push({
        key,
        page: name,
        loadAverage: round(load, 1),
        firstVisit: summary(first),
        secondVisit: summary(second),
      });
    }
    const readerFigures = chosen.readers ? await readers(context, background, service.url, site.port) : [];
    const frameFigures = chosen.readers ? await frames(context, background, site.port) : undefined;
    const output = {
      latencyMs: LATENCY_MS,
      machine: { cores: availableParallelism(), loadBefore, loadAfter: loadavg().map((n) => round(n, 2)) },
      targets: {
        requestsPerLowerBound: '<= 1.1 (or lower bound + 1)',
        billedPerUnique: '1.00',
        secondVisitRequests: 0,
        firstScreenMs: `<= ${LATENCY_MS + 150}`,
        wholePageMs: '<= 2000 (article)',
        longestTracedTaskMs: '<= 50',
        tracedTasksOver50Ms: 0,
        restoreExact: true,
        firstScreenReaderBilledPerSeen: '<= 1.3',
        scrollingReaderBilledPerSeen: '<= 1.1',
        scrollingReaderLongestUntranslatedMs: `<= ${LATENCY_MS + 150}`,
        encyclopediaWholePageBilledPerShownUnique: '<= 1.0',
        framesTranslated: 'all',
      },
      results,
      readers: readerFigures,
      frames: frameFigures,
    };
    console.log(JSON.stringify(output, null, 2));
    printTable(output);
  } finally {
    await context.close();
    site.server.close();
    service.process.kill();
  }
}

await main();

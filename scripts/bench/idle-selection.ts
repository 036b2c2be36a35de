// The idle benchmark's selection part (`npm run bench:idle`, VERSO_IDLE_ONLY=selection): the selection
// button and the first translation, the first time on a page, timed in the page.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { ServiceControl } from '../../service/testing/control.ts';
import { closeWelcome } from '../../tests/e2e/browser.ts';
import { openVersoRoots } from '../../tests/e2e/closed-roots.ts';
import { versoWorker } from './browser.ts';
import { HOST, launch, PARAGRAPHS, SETTLE_MS } from './idle-common.ts';
import { busyCores, coreTimes, median, round, sleep } from './machine.ts';
import { PAID_KEY } from './service.ts';

/** The local service's latency for the selection runs (as bench:page's). */
export const LATENCY_MS = 100;
/** Which paragraph of the plain page is selected (the second: text only, in the first screen). */
const SELECTED_PARAGRAPH = 1;
/** How long the page stays untouched after `load` before the selection (the bootstrap's idle question is in). */
const BEFORE_SELECTING_MS = 3000;
/** How long the person looks at the button before clicking it (the click guard's first look is in). */
const BEFORE_CLICKING_MS = 600;
const SELECTION_TIMEOUT_MS = 30_000;

/** Pseudo-translation of the local service into German (docs/local-service.md): a->ä, o->ö, u->ü. */
const toGerman = (text: string) =>
  text
    .replace(/[aou]/g, (c) => ({ a: 'ä', o: 'ö', u: 'ü' })[c] ?? c)
    .replace(/[AOU]/g, (c) => ({ A: 'Ä', O: 'Ö', U: 'Ü' })[c] ?? c);

/** Times in the page (performance.now(), ms), kept by the probe below in the page's own world. */
interface SelectionProbe {
  up: number;
  buttonVisible: number;
  buttonFrame: number;
  click: number;
  translated: number;
  translatedFrame: number;
  expected: string;
}

/**
 * Installed in the page's main world before the drag: the release of the mouse (a trusted `pointerup`,
 * seen first by a window capture listener), then the moment Verso's button host is in the page with its
 * button drawn with a box (a MutationObserver on <html>, where the host goes, and each animation frame),
 * and the next animation frame (the one that paints it); likewise the click on the button and the
 * translation in the bubble's `.result` (a MutationObserver on the bubble's shadow root). Verso's shadow
 * roots are open (WXT's default); were one closed, the host's own box would count.
 */
function installSelectionProbe(): void {
  const b: SelectionProbe = {
    up: -1,
    buttonVisible: -1,
    buttonFrame: -1,
    click: -1,
    translated: -1,
    translatedFrame: -1,
    expected: '',
  };
  (window as unknown as { __versoBench: SelectionProbe }).__versoBench = b;
  const hasBox = (el: Element | null | undefined) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const buttonShown = () => {
    const host = document.querySelector('verso-selection-button');
    if (!host) return false;
    return host.shadowRoot ? hasBox(host.shadowRoot.querySelector('button')) : hasBox(host);
  };
  const translated = () => {
    const host = document.querySelector('verso-selection');
    const text = host?.shadowRoot?.querySelector('.result')?.textContent ?? '';
    return b.expected !== '' && text.includes(b.expected);
  };
  const check = () => {
    const now = performance.now();
    if (b.up >= 0 && b.buttonVisible < 0 && buttonShown()) {
      b.buttonVisible = now;
      requestAnimationFrame(() => {
        b.buttonFrame = performance.now();
      });
    }
    if (b.click >= 0 && b.translated < 0 && translated()) {
      b.translated = now;
      requestAnimationFrame(() => {
        b.translatedFrame = performance.now();
      });
    }
  };
  const watched = new WeakSet<Node>();
  const observer = new MutationObserver(() => {
    const bubble = document.querySelector('verso-selection')?.shadowRoot;
    if (bubble && !watched.has(bubble)) {
      watched.add(bubble);
      observer.observe(bubble, { childList: true, subtree: true, characterData: true });
    }
    check();
  });
  observer.observe(document.documentElement, { childList: true });
  const everyFrame = () => {
    check();
    if (b.buttonVisible < 0 || (b.click >= 0 && b.translated < 0)) requestAnimationFrame(everyFrame);
  };
  addEventListener(
    'pointerup',
    (e) => {
      if (!e.isTrusted || b.up >= 0) return;
      b.up = performance.now();
      requestAnimationFrame(everyFrame);
    },
    true,
  );
  addEventListener(
    'click',
    (e) => {
      const onButton = e.composedPath().some((n) => (n as Element).localName === 'verso-selection-button');
      if (!e.isTrusted || !onButton || b.click >= 0) return;
      b.click = performance.now();
      requestAnimationFrame(everyFrame);
    },
    true,
  );
}

export interface SelectionRun {
  /** The page's pointerup to Verso's button in the page with a box. */
  buttonMs: number;
  /** ... to the animation frame after that (the one that paints it). */
  buttonFrameMs: number;
  /** Playwright's view: from just before `mouse.up()` until its locator finds the button visible. */
  buttonSeenMs: number;
  /** The page's click event on the button to its translation in the bubble. */
  translatedMs: number;
  translatedFrameMs: number;
  /** Playwright's view: from just before the click until the probe reported the translation. */
  translatedSeenMs: number;
  /** The selected text's length (characters). */
  selectedChars: number;
  /** Loads of Verso's features bundle (features.js) seen before the selection, and after it. */
  featuresRequestsBefore: number;
  featuresRequestsAfter: number;
  /** Translation requests that reached the service. */
  translateRequests: number;
  loadAverage: number;
  busyCores: number;
}

/**
 * One fresh profile: Verso with the paid key and the local service, German as the target and the offer
 * to translate switched off for the site (a site rule "never"), so that nothing of Verso's loads on the
 * English page before the person selects; then a real drag over one paragraph, first word to last, the
 * button, a click on it, the translation.
 */
export async function selectionRun(url: string, serviceUrl: string): Promise<SelectionRun> {
  const dir = mkdtempSync(path.join(tmpdir(), 'verso-idle-selection-'));
  let context: BrowserContext | undefined;
  const loadAverage = loadavg()[0]!;
  const coresBefore = coreTimes();
  try {
    context = await launch('with', dir);
    // Verso's UI is in closed shadow roots: its own world attaches them open here, as in the e2e tests,
    // so that the probe in the page sees the button and the bubble (tests/e2e/closed-roots.ts).
    await openVersoRoots(context);
    const worker = await versoWorker(context);
    await closeWelcome(context);
    await worker.evaluate(
      ({ apiKey, serverUrl, host }) =>
        chrome.storage.local.set({
          credentials: { apiKey, serverUrl, adminKey: '' },
          preferences: { targetLang: 'de' },
          siteRules: [{ host, translate: 'never' }],
        }),
      { apiKey: PAID_KEY, serverUrl: serviceUrl, host: HOST },
    );
    await sleep(SETTLE_MS);
    const control = new ServiceControl(serviceUrl);
    const translateBefore = (await control.requests('/v2/translate')).length;
    let featuresRequests = 0;
    context.on('request', (request) => {
      // Chrome's per-session URL (use_dynamic_url) redirects to the file: one load, two requests.
      if (/\/features\.js(\?|$)/.test(request.url()) && !request.redirectedFrom()) featuresRequests++;
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url, { waitUntil: 'load' });
    await sleep(BEFORE_SELECTING_MS);
    // `__name` covers the helper some TypeScript loaders add to functions (as scripts/bench/page.ts's probe).
    await page.evaluate(`var __name = (f) => f; (${installSelectionProbe.toString()})();`);
    const featuresRequestsBefore = featuresRequests;

    // The first word's start and the last word's end of the paragraph, in the viewport.
    const ends = await page.evaluate((index) => {
      const text = document.querySelectorAll('article p')[index]!.firstChild as Text;
      const box = (start: number, end: number) => {
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, end);
        const r = range.getBoundingClientRect();
        return { left: r.left, right: r.right, y: r.top + r.height / 2 };
      };
      return { first: box(0, text.data.indexOf(' ')), last: box(text.data.lastIndexOf(' ') + 1, text.data.length) };
    }, SELECTED_PARAGRAPH);
    await page.mouse.move(ends.first.left + 1, ends.first.y);
    await page.mouse.down();
    await page.mouse.move((ends.first.left + ends.last.right) / 2, (ends.first.y + ends.last.y) / 2, { steps: 5 });
    await page.mouse.move(ends.last.right - 1, ends.last.y, { steps: 5 });
    const released = Date.now();
    await page.mouse.up();
    const button = page.locator('verso-selection-button').getByRole('button');
    await button.waitFor({ state: 'visible', timeout: SELECTION_TIMEOUT_MS });
    const buttonSeenMs = Date.now() - released;
    const selected = await page.evaluate(() => getSelection()?.toString() ?? '');
    await page.evaluate(
      (expected) => {
        (window as unknown as { __versoBench: SelectionProbe }).__versoBench.expected = expected;
      },
      toGerman(selected.trim().slice(0, 40)),
    );

    await sleep(BEFORE_CLICKING_MS);
    const box = (await button.boundingBox())!;
    const clicked = Date.now();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(
      () => (window as unknown as { __versoBench: SelectionProbe }).__versoBench.translated >= 0,
      null,
      { timeout: SELECTION_TIMEOUT_MS, polling: 'raf' },
    );
    const translatedSeenMs = Date.now() - clicked;
    await sleep(200);
    const b = await page.evaluate(() => (window as unknown as { __versoBench: SelectionProbe }).__versoBench);
    return {
      buttonMs: b.buttonVisible - b.up,
      buttonFrameMs: b.buttonFrame - b.up,
      buttonSeenMs,
      translatedMs: b.translated - b.click,
      translatedFrameMs: b.translatedFrame - b.click,
      translatedSeenMs,
      selectedChars: selected.length,
      featuresRequestsBefore,
      featuresRequestsAfter: featuresRequests - featuresRequestsBefore,
      translateRequests: (await control.requests('/v2/translate')).length - translateBefore,
      loadAverage,
      busyCores: busyCores(coresBefore, coreTimes()),
    };
  } finally {
    await context?.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

const SELECTION_FIELDS = [
  'buttonMs',
  'buttonFrameMs',
  'buttonSeenMs',
  'translatedMs',
  'translatedFrameMs',
  'translatedSeenMs',
] as const;

export function summariseSelection(runs: SelectionRun[]) {
  const figure = (field: (typeof SELECTION_FIELDS)[number]) => {
    const values = runs.map((r) => r[field]);
    return {
      median: round(median(values), 1),
      min: round(Math.min(...values), 1),
      max: round(Math.max(...values), 1),
    };
  };
  return {
    page: `plain (${PARAGRAPHS} paragraphs), paragraph ${SELECTED_PARAGRAPH + 1} dragged over from its first word to its last`,
    runs: runs.length,
    serviceLatencyMs: LATENCY_MS,
    clickAfterMs: BEFORE_CLICKING_MS,
    ...Object.fromEntries(SELECTION_FIELDS.map((field) => [field, figure(field)])),
    loadAverage: round(median(runs.map((r) => r.loadAverage)), 2),
    busyCores: round(median(runs.map((r) => r.busyCores)), 2),
    perRun: runs.map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? round(v, 2) : v])),
    ),
  } as Record<(typeof SELECTION_FIELDS)[number], { median: number; min: number; max: number }> & {
    page: string;
    runs: number;
    serviceLatencyMs: number;
    clickAfterMs: number;
    loadAverage: number;
    busyCores: number;
    perRun: Array<Record<string, number>>;
  };
}

export function printSelection(selection: ReturnType<typeof summariseSelection>): void {
  const say = (line = '') => process.stderr.write(`${line}\n`);
  const r = selection.perRun;
  say();
  say(
    `The selection button, the first time on a page: ${selection.page}; Verso with a key, the local service at ${selection.serviceLatencyMs} ms of latency; median of ${selection.runs} runs, each in a fresh profile (min-max). Load average (1 min) at the runs' start: ${selection.loadAverage}; ${selection.busyCores} cores busy on average.`,
  );
  const row = (name: string, f: { median: number; min: number; max: number }) =>
    say(`  ${name}: ${f.median} ms (${f.min}-${f.max})`);
  row('mouse release -> the button in the page, drawn', selection.buttonMs);
  row('mouse release -> the frame that paints it', selection.buttonFrameMs);
  row("mouse release -> Playwright's locator sees it visible", selection.buttonSeenMs);
  row('click on the button -> the translation in the bubble', selection.translatedMs);
  row('click on the button -> the frame that paints it', selection.translatedFrameMs);
  row("click -> Playwright's wait sees it", selection.translatedSeenMs);
  say(
    `  features.js loads before the selection ${r.map((x) => x.featuresRequestsBefore).join('/')}, after ${r.map((x) => x.featuresRequestsAfter).join('/')}; translate requests ${r.map((x) => x.translateRequests).join('/')}; selected characters ${r[0]?.selectedChars ?? '-'}.`,
  );
}

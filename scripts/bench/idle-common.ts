// Shared by the idle benchmark's parts (idle.ts, idle-selection.ts): the page's site, the machine's
// load, the browser with or without Verso, small statistics.
import { cpus } from 'node:os';
import { type BrowserContext, chromium } from '@playwright/test';
import { BROWSER_FLAGS, chromiumPath, EXTENSION_DIR } from '../../tests/e2e/browser.ts';

/** Quiet time after the browser starts (and Verso's first-run page is closed), before the first visit. */
export const SETTLE_MS = 1000;
export const HOST = 'news.example';
export const PARAGRAPHS = 60;
export const KEY = '00000000-0000-4000-8000-00000000a001';

/** Time of all cores so far, busy and in total (ms), and how many cores. */
export function coreTimes(): { busy: number; total: number; cores: number } {
  let busy = 0;
  let total = 0;
  const all = cpus();
  for (const { times } of all) {
    const sum = times.user + times.nice + times.sys + times.irq + times.idle;
    busy += sum - times.idle;
    total += sum;
  }
  return { busy, total, cores: all.length };
}

export const busyCores = (a: ReturnType<typeof coreTimes>, b: ReturnType<typeof coreTimes>) =>
  ((b.busy - a.busy) / Math.max(1, b.total - a.total)) * b.cores;

export type Kind = 'without' | 'with';

/** The flags of tests/e2e/browser.ts's launchWithExtension, the same for both browsers. */
export const FLAGS = [...BROWSER_FLAGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`];

export async function launch(kind: Kind, userDataDir: string): Promise<BrowserContext> {
  const extension =
    kind === 'with' ? [`--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`] : [];
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...extension, ...FLAGS],
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const round = (n: number, digits: number) => Number(n.toFixed(digits));

export const RUNS = Math.max(1, Number(process.env.VERSO_IDLE_RUNS ?? 5));
/** How long after `load` the counters are read. */
export const READ_AFTER_MS = 3000;
export const FRAMES = 20;

// Shared by the idle benchmark's parts (idle.ts, idle-selection.ts, idle-report.ts): the page's site,
// the number of runs, and the browser with or without Verso.
import type { BrowserContext } from '@playwright/test';
import { type Kind, launchChromium } from './browser.ts';

/** Quiet time after the browser starts (and Verso's first-run page is closed), before the first visit. */
export const SETTLE_MS = 1000;
export const HOST = 'news.example';
export const PARAGRAPHS = 60;

/** Both browsers start with the flags of tests/e2e/browser.ts's launchWithExtension, and reach HOST here. */
export const launch = (kind: Kind, userDataDir: string): Promise<BrowserContext> =>
  launchChromium(kind, userDataDir, [`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]);

export const RUNS = Math.max(1, Number(process.env.VERSO_IDLE_RUNS ?? 5));
/** How long after `load` the counters are read. */
export const READ_AFTER_MS = 3000;
export const FRAMES = 20;

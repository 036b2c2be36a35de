import type { BrowserContext, CDPSession, Frame, Page } from '@playwright/test';

// Verso's in-page UI lives in closed shadow roots (components/*/mount.tsx): the page cannot read or
// rewrite it. Playwright's locators reach open roots only, so the tests make Verso's own world attach its
// roots open, through the DevTools protocol, in Verso's isolated world alone. The page's world is not
// touched: what a page sees of Verso is tested with `keepRootsClosed` (security-hostile-pages.spec.ts).
//
// The patch runs when Chromium reports Verso's world in a document. On a page that mounts Verso's UI the
// moment it loads (a PDF's offer), that can come too late on a busy machine and leave the UI in a closed
// root: such a test calls `openRootsBeforeFeatures`, and the debugger stops Verso's features bundle
// (features.js, the only code of Verso's that attaches roots) at its first statement until the patch ran
// there. Only there: a page paused in the debugger drops the keys a test types meanwhile.

/** Run in Verso's world: its `attachShadow` attaches open roots from now on. */
const OPEN_ROOTS = `(() => {
  const attach = Element.prototype.attachShadow;
  if (attach.versoTestOpen) return;
  const open = function (init) { return attach.call(this, { ...init, mode: 'open' }); };
  open.versoTestOpen = true;
  Element.prototype.attachShadow = open;
})()`;

/**
 * Verso's features bundle: brought into a page's isolated world by the bootstrap (at its per-session
 * address) or by the worker, and into the reader's own page (its main world, which keeps its roots).
 */
const FEATURES_URL = String.raw`^chrome-extension://[^/]+/features\.js$`;

const closed = new WeakSet<Page>();

/** This page keeps Verso's roots closed, as a person's browser has them (call before it loads). */
export function keepRootsClosed(page: Page): void {
  closed.add(page);
}

/** The DevTools session of each page's own target (`openRootsBeforeFeatures`). */
const pageSessions = new WeakMap<Page, CDPSession>();

/**
 * Opens Verso's roots in every isolated world Verso's features come into in this target (a page or an
 * OOPIF), once the world is there; and, when the debugger is on (`openRootsBeforeFeatures`), in the
 * features bundle's world at its first statement. Every other pause (a page's `debugger`) goes on.
 */
async function watchTarget(page: Page, session: CDPSession): Promise<void> {
  session.on('Runtime.executionContextCreated', ({ context }) => {
    const aux = context.auxData as { type?: string } | undefined;
    if (aux?.type !== 'isolated' || context.name !== 'Verso' || closed.has(page)) return;
    void session.send('Runtime.evaluate', { contextId: context.id, expression: OPEN_ROOTS }).catch(() => undefined);
  });
  /** The features bundles parsed in an isolated world, by script id. */
  const isolated = new Set<string>();
  session.on('Debugger.scriptParsed', ({ scriptId, url, executionContextAuxData }) => {
    const aux = executionContextAuxData as { type?: string } | undefined;
    if (aux?.type === 'isolated' && new RegExp(FEATURES_URL).test(url)) isolated.add(scriptId);
  });
  session.on('Debugger.paused', ({ callFrames }) => {
    const frame = callFrames[0];
    const patch =
      frame && isolated.has(frame.location.scriptId) && !closed.has(page)
        ? session.send('Debugger.evaluateOnCallFrame', { callFrameId: frame.callFrameId, expression: OPEN_ROOTS })
        : Promise.resolve();
    void patch
      .catch(() => undefined)
      .then(() => session.send('Debugger.resume'))
      .catch(() => undefined);
  });
  await session.send('Runtime.enable').catch(() => undefined);
}

/**
 * For a page whose Verso UI mounts as it loads (call before it loads; the page comes from
 * `context.newPage()`): Verso's features bundle waits at its first statement in the page's own document
 * until its roots are opened. Not for pages a test types in: keys sent while it waits are lost.
 */
export async function openRootsBeforeFeatures(page: Page): Promise<void> {
  const session = pageSessions.get(page);
  if (!session) throw new Error('openRootsBeforeFeatures: the page is not watched (use context.newPage())');
  await session.send('Debugger.enable');
  await session.send('Debugger.setBreakpointByUrl', { urlRegex: FEATURES_URL, lineNumber: 0 });
}

async function watchPage(context: BrowserContext, page: Page): Promise<void> {
  if (page.url().startsWith('chrome-extension://')) return;
  const sessions = new WeakSet<Frame>();
  const frame = async (f: Frame) => {
    if (f === page.mainFrame() || sessions.has(f)) return;
    // Only frames in another process (OOPIF) have a session of their own; the others share the page's.
    const session = await context.newCDPSession(f).catch(() => undefined);
    if (!session) return;
    sessions.add(f);
    await watchTarget(page, session);
  };
  page.on('frameattached', (f) => void frame(f));
  page.on('framenavigated', (f) => void frame(f));
  const session = await context.newCDPSession(page);
  pageSessions.set(page, session);
  await watchTarget(page, session);
}

/**
 * Every page of the context, now and later, opens Verso's roots in Verso's world (tests only). A page
 * made with `context.newPage()` is handed over once its watch is set, so its first address is watched too.
 */
export async function openVersoRoots(context: BrowserContext): Promise<void> {
  const watched = new WeakMap<Page, Promise<void>>();
  const watch = (page: Page): Promise<void> => {
    let ready = watched.get(page);
    if (!ready) {
      ready = watchPage(context, page).catch(() => undefined);
      watched.set(page, ready);
    }
    return ready;
  };
  context.on('page', (page) => void watch(page));
  await Promise.all(context.pages().map(watch));
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    await watch(page);
    return page;
  };
}

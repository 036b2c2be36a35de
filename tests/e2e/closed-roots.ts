import type { BrowserContext, CDPSession, Frame, Page } from '@playwright/test';

// Verso's in-page UI lives in closed shadow roots (components/*/mount.tsx): the page cannot read or
// rewrite it. Playwright's locators reach open roots only, so the tests make Verso's own world attach its
// roots open, through the DevTools protocol, in Verso's isolated world alone. The page's world is not
// touched: what a page sees of Verso is tested with `keepRootsClosed` (security-hostile-pages.spec.ts).

/** Run in Verso's world: its `attachShadow` attaches open roots from now on. */
const OPEN_ROOTS = `(() => {
  const attach = Element.prototype.attachShadow;
  if (attach.versoTestOpen) return;
  const open = function (init) { return attach.call(this, { ...init, mode: 'open' }); };
  open.versoTestOpen = true;
  Element.prototype.attachShadow = open;
})()`;

const closed = new WeakSet<Page>();

/** This page keeps Verso's roots closed, as a person's browser has them (call before it loads). */
export function keepRootsClosed(page: Page): void {
  closed.add(page);
}

/** Opens Verso's roots in every world Verso's content scripts get in this target (a page or an OOPIF). */
async function watchTarget(page: Page, session: CDPSession): Promise<void> {
  session.on('Runtime.executionContextCreated', ({ context }) => {
    const aux = context.auxData as { type?: string } | undefined;
    if (aux?.type !== 'isolated' || context.name !== 'Verso' || closed.has(page)) return;
    void session.send('Runtime.evaluate', { contextId: context.id, expression: OPEN_ROOTS }).catch(() => undefined);
  });
  await session.send('Runtime.enable').catch(() => undefined);
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
  await watchTarget(page, await context.newCDPSession(page));
}

/** Every page of the context, now and later, opens Verso's roots in Verso's world (tests only). */
export async function openVersoRoots(context: BrowserContext): Promise<void> {
  context.on('page', (page) => void watchPage(context, page).catch(() => undefined));
  await Promise.all(context.pages().map((page) => watchPage(context, page).catch(() => undefined)));
}

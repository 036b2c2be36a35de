import { browser } from 'wxt/browser';
import { registerCommand, registerMenuItem } from '../../background/menus.ts';
import { handle, type Sender } from '../../messaging/handle.ts';
import { send } from '../../messaging/protocol.ts';
import type { QueueError } from '../../queue/index.ts';
import { credentialsItem } from '../../settings/credentials.ts';
import { describeError } from '../../ui/describe-error.ts';
import { t } from '../../ui/i18n.ts';
import { siteHostOf } from '../site-rules/rules.ts';
import { PageBadge } from './badge.background.ts';
import { FrameDocs, isFrameDoc, TabActions } from './frames.background.ts';
import { docOf, KnownSegments } from './known.background.ts';
import type { PageFailure } from './messages.ts';
import { translateParagraph } from './paragraph.background.ts';
import { placingFor, rememberPlacing } from './place.background.ts';
import { preparePage, startsAlone, warmLanguages } from './plan.background.ts';
import { createPageQueue } from './queue.background.ts';
import { rememberReading } from './reading.background.ts';
import { commandTab, deliverToFrame, deliverToTab, docInTab, failInFrame, failInTab } from './tabs.background.ts';

export const PAGE_MENU_ID = 'translate-page';

function tabOf(sender: Sender): number {
  const tabId = sender.tab?.id;
  if (tabId === undefined || tabId < 0 || (sender.frameId ?? 0) !== 0) {
    throw { code: 'forbidden', message: 'Page translation runs in the top frame of a tab only' };
  }
  return tabId;
}

/**
 * The tab and frame of a page's document. The top page's documents are the tab's; a frame's name
 * themselves as a frame's (`F`...), and only a frame may send those.
 */
function placeOf(sender: Sender, docId: string): { tabId: number; frameId: number } {
  const tabId = sender.tab?.id;
  const frameId = sender.frameId ?? 0;
  if (tabId === undefined || tabId < 0 || (frameId === 0) === isFrameDoc(docId)) {
    throw { code: 'forbidden', message: 'A frame names its documents as a frame, and only a frame does' };
  }
  return { tabId, frameId };
}

const toFailure = (error: QueueError): PageFailure => ({ name: 'QueueError', ...error });

/** Errors after which nothing more can be translated until the person acts. */
const stops = (error: QueueError) => error.code === 'quota_exceeded' || error.code === 'auth';

/**
 * Full-page translation, the background's side: the rate-aware queue (lib/queue) fed by the tabs'
 * content scripts, results pushed back to each tab, progress on the toolbar badge, and the ways a person
 * starts it (popup, menu, shortcut). Content scripts never see the key; they send segments and get text.
 */
export function setUpPage(): void {
  const known = new KnownSegments();
  const frames = new FrameDocs();
  const actions = new TabActions();
  const badge = new PageBadge();

  /** A tab's results, split between the top page and its frames (their ids name their documents). */
  const byDoc = <T>(items: readonly T[], idOf: (item: T) => string) => {
    const top: T[] = [];
    const docs = new Map<string, T[]>();
    for (const item of items) {
      const doc = docOf(idOf(item));
      if (!isFrameDoc(doc)) top.push(item);
      else docs.set(doc, [...(docs.get(doc) ?? []), item]);
    }
    return { top, docs };
  };

  const queue = createPageQueue({
    deliver(tabId, results) {
      const items = results.map(({ id, text, detectedSource }) => ({
        id,
        text,
        ...(detectedSource ? { detectedSource } : {}),
      }));
      const { top, docs } = byDoc(items, (item) => item.id);
      for (const [doc, list] of docs) {
        frames.remove(
          tabId,
          list.map((item) => item.id),
        );
        void deliverToFrame(tabId, frames.frameOf(tabId, doc), list);
      }
      if (top.length === 0) return;
      known.remove(
        tabId,
        top.map((item) => item.id),
      );
      void deliverToTab(tabId, top).then((reached) => {
        // Nobody listens there any more (closed while the worker slept, or navigated away).
        if (!reached) cancel(tabId);
      });
    },
    fail(tabId, ids, error) {
      if (stops(error)) badge.problem(tabId, describeError({ name: 'QueueError', ...error }));
      const { top, docs } = byDoc(ids, (id) => id);
      for (const [doc, list] of docs) {
        frames.remove(tabId, list);
        void failInFrame(tabId, frames.frameOf(tabId, doc), list, toFailure(error));
      }
      if (top.length === 0) return;
      known.remove(tabId, top);
      void failInTab(tabId, top, toFailure(error));
    },
    onProgress: (tabId, progress) => badge.progress(tabId, progress),
    // The service asked to wait (429): pages with work in the queue say when it is sent again.
    onStatus: (status) => void tellRetrying(status.pausedUntil ?? null),
    onRestored(records) {
      for (const record of records) {
        if (isFrameDoc(docOf(record.segmentId))) frames.add(record.tabId, [record.segmentId]);
        else known.add(record.tabId, [record.segmentId]);
      }
    },
  });
  // Work a previous worker left behind carries on; questions about it wait until it is loaded.
  const ready = queue.restore().catch((e: unknown) => {
    console.warn('[verso] could not restore the page queue', e);
    return 0;
  });

  function cancel(tabId: number): void {
    queue.cancelTab(tabId);
    known.forgetTab(tabId);
    frames.forgetTab(tabId);
    actions.forget(tabId);
    badge.clear(tabId);
  }

  /** A new document in the tab (reload, navigation): whatever the old one (and its frames) asked for is obsolete. */
  function begin(tabId: number, docId: string): void {
    if (known.begin(tabId, docId)) {
      queue.cancelTab(tabId);
      frames.forgetTab(tabId);
      actions.forget(tabId);
      badge.clear(tabId);
    }
  }

  handle('page.auto', async ({ host }) => {
    const start = await startsAlone(host);
    if (!start) warmLanguages();
    return { start };
  });

  handle('page.prepare', async ({ docId, ...page }, sender) => {
    const { tabId, frameId } = placeOf(sender, docId);
    await ready;
    if (frameId !== 0) frames.begin(tabId, docId, frameId);
    else {
      begin(tabId, docId);
      badge.restart(tabId);
    }
    const readingHost = siteHostOf(sender.tab?.url);
    return preparePage({ ...page, ...(readingHost ? { readingHost } : {}) });
  });

  handle('page.paragraph', (data, sender) => translateParagraph(data, sender));

  handle('page.placing', (_, sender) => placingFor(siteHostOf(sender.tab?.url)));
  handle('page.place', async (change, sender) => {
    await rememberPlacing(siteHostOf(sender.tab?.url), change);
    return null;
  });

  /** To the tabs with work in the queue (the pause is the queue's, for every tab). */
  async function tellRetrying(until: number | null): Promise<void> {
    const tabs = await browser.tabs.query({}).catch(() => []);
    for (const tab of tabs) {
      if (tab.id === undefined || known.count(tab.id) === 0) continue;
      void send('page.retrying', { until }, { tabId: tab.id, frameId: 0 }).catch(() => undefined);
    }
  }

  handle('page.rememberReading', async ({ reading }, sender) => {
    const host = siteHostOf(sender.tab?.url);
    if (host) await rememberReading(host, reading);
    return null;
  });

  handle('page.enqueue', async ({ docId, segments, resume }, sender) => {
    const { tabId, frameId } = placeOf(sender, docId);
    if (segments.some((s) => !s.id.startsWith(`${docId}.`))) {
      throw { code: 'invalid_message', message: 'Segment ids must name their document' };
    }
    await ready;
    if (frameId === 0 && !known.isCurrent(tabId, docId)) begin(tabId, docId);
    if (resume) {
      queue.resume();
      badge.restart(tabId);
    }
    // Known before enqueue: cache hits are delivered (and forgotten) while it runs.
    const ids = segments.map((s) => s.id);
    if (frameId === 0) known.add(tabId, ids);
    else {
      frames.seen(tabId, docId, frameId);
      frames.add(tabId, ids);
    }
    await queue.enqueue(segments.map((s) => ({ ...s, tabId })));
    return { accepted: segments.length };
  });

  handle('page.status', async ({ docId, ids }, sender) => {
    const { tabId, frameId } = placeOf(sender, docId);
    await ready;
    if (frameId === 0) return { unknown: known.unknown(tabId, docId, ids) };
    frames.seen(tabId, docId, frameId);
    return { unknown: frames.unknown(tabId, docId, ids) };
  });

  handle('page.leave', ({ docId }, sender) => {
    const { tabId, frameId } = placeOf(sender, docId);
    if (frameId !== 0) frames.forget(tabId, docId);
    else if (known.docOfTab(tabId) === docId) cancel(tabId);
    return null;
  });

  // Frames go with their top page: what it does is passed on to every frame of the tab, and a frame that
  // starts later catches up. Their progress is summed for the top page's indicator.
  handle('page.frames', ({ action }, sender) => {
    const tabId = tabOf(sender);
    actions.record(tabId, action);
    void send('page.frameCommand', { action }, { tabId }).catch(() => undefined);
    return null;
  });

  handle('page.frameJoin', (_data, sender) => {
    const tabId = sender.tab?.id;
    if (tabId === undefined || (sender.frameId ?? 0) === 0) return { actions: [] };
    return { actions: actions.replay(tabId) };
  });

  handle('page.frameView', ({ docId, view }, sender) => {
    const { tabId } = placeOf(sender, docId);
    frames.setView(tabId, docId, view);
    const summary = frames.summary(tabId);
    if (summary) void send('page.framesView', summary, { tabId, frameId: 0 }).catch(() => undefined);
    return null;
  });

  handle('page.popupCommand', ({ tabId, action }) => commandTab(tabId, action, 'popup'));

  registerMenuItem({
    id: PAGE_MENU_ID,
    title: t('pageMenuTranslate', 'Translate page'),
    contexts: ['page'],
    onClick: (_info, tab) => void commandTab(tab?.id, 'translate', 'menu'),
  });
  registerCommand('translate-page', (tab) => void commandTab(tab?.id, 'toggle', 'command'));

  browser.tabs.onRemoved.addListener((tabId) => cancel(tabId));
  // The browser reports a navigation, a reload and a single-page app's pushState alike ("loading", maybe
  // a new URL). Once loaded, the top frame is asked which document it shows: only a new one (or none)
  // makes the old work obsolete. The page's own "leave" message usually comes first.
  const loading = new Set<number>();
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === 'loading') loading.add(tabId);
    if (change.status !== 'complete' || !loading.delete(tabId)) return;
    const doc = known.docOfTab(tabId);
    if (doc === undefined) return;
    void docInTab(tabId).then((now) => {
      if (now !== doc && known.docOfTab(tabId) === doc) cancel(tabId);
    });
  });
  // A new key or server may lift a stop (quota, refused key): the next request finds out.
  credentialsItem.watch(() => queue.resume());
  browser.runtime.onSuspend.addListener(() => {
    void queue.persistNow();
  });
}

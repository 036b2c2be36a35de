import { browser } from 'wxt/browser';
import { ensureFeatures, needsFeaturesFor } from '../../background/boot.ts';
import { MissingKeyError } from '../../background/client.ts';
import { openOptions } from '../../background/core.ts';
import { registerCommand, registerMenuItem, retitleMenuItem } from '../../background/menus.ts';
import { handle, type Sender } from '../../messaging/handle.ts';
import { send } from '../../messaging/protocol.ts';
import { credentialsItem, getCredentials } from '../../settings/credentials.ts';
import { getPreferences, preferencesItem } from '../../settings/items.ts';
import { describeError } from '../../ui/describe-error.ts';
import { displayLanguageName, t } from '../../ui/i18n.ts';
import { siteHostOf } from '../site-rules/rules.ts';
import { charge, grant, onContinue, siteOfTab, spendingSite } from '../spending/background.ts';
import { admitPageText } from './admission.background.ts';
import { PageBadge } from './badge.background.ts';
import { FrameDocs, isFrameDoc, TabActions } from './frames.background.ts';
import { docOf, KnownSegments } from './known.background.ts';
import type { PageAction, PageFailure, PageTrigger } from './messages.ts';
import { setUpPageMode, withAlreadyIn } from './mode.background.ts';
import { translateParagraph } from './paragraph.background.ts';
import { placingFor, rememberPlacing } from './place.background.ts';
import { preparePage, startsAlone, warmLanguages } from './plan.background.ts';
import { PagePlans, withPlan } from './plans.background.ts';
import { isPrivateTab, notePrivateTab } from './private-tabs.background.ts';
import type { QueueError } from './queue/index.ts';
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
 * Full-page translation, the background's side: the rate-aware queue (queue/) fed by the tabs' content scripts,
 * results pushed back to each tab, progress on the toolbar badge, and the ways a person
 * starts it (popup, menu, shortcut). Content scripts never see the key; they send segments and get text.
 */
export function setUpPage(): void {
  const known = new KnownSegments();
  const frames = new FrameDocs();
  const actions = new TabActions();
  const badge = new PageBadge();
  /** Each document's parameters, as `page.prepare` answered them: its segments name only their group. */
  const plans = new PagePlans();
  /** The site each tab's page work counts against (its top page's), as its last message said. */
  const tabSites = new Map<number, string>();
  const siteOf = async (tabId: number) => tabSites.get(tabId) ?? (await siteOfTab(tabId));
  /**
   * The top document each tab's person asked to translate (Translate page, Try again): its work is
   * credited, only the daily limit applies. `null`: asked before the page named its document; the next
   * top document it begins takes it. Another document (a reload, a navigation) is not credited.
   */
  const credits = new Map<number, string | null>();
  const bindCredit = (tabId: number, docId: string) => {
    const credit = credits.get(tabId);
    if (credit === null) credits.set(tabId, docId);
    else if (credit !== undefined && credit !== docId) credits.delete(tabId);
  };

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
    // Every request's characters pass the spending guard first: a page that keeps spending is held back.
    async admit({ parts }) {
      const tabId = parts[0]?.requesters[0]?.tabId;
      if (tabId === undefined) return {};
      const site = await siteOf(tabId);
      // Parts dropped before they leave (the page reloaded) are given back: only what may be billed counts.
      const input = {
        feature: 'page' as const,
        tabId,
        ...(site ? { site } : {}),
        ...(isPrivateTab(tabId) ? { private: true } : {}),
      };
      return admitPageText(parts, input, (r) => credits.get(r.tabId) === docOf(r.id), charge);
    },
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
    tabSites.delete(tabId);
    credits.delete(tabId);
    void plans.forgetTab(tabId);
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
      bindCredit(tabId, docId);
      begin(tabId, docId);
      badge.restart(tabId);
    }
    const readingHost = siteHostOf(sender.tab?.url);
    const plan = await preparePage({ ...page, ...(readingHost ? { readingHost } : {}) });
    await plans.remember(tabId, frameId, docId, plan);
    return plan;
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
    // A private window's sites are not written down (docs/privacy.md, "Private windows").
    if (host && !sender.tab?.incognito) await rememberReading(host, reading);
    return null;
  });

  handle('page.enqueue', async ({ docId, segments, resume }, sender) => {
    const { tabId, frameId } = placeOf(sender, docId);
    notePrivateTab(sender);
    if (segments.some((s) => !s.id.startsWith(`${docId}.`))) {
      throw { code: 'invalid_message', message: 'Segment ids must name their document' };
    }
    await ready;
    // The parameters are the worker's own plan for the document: a page names only each segment's group.
    const queued = withPlan(segments, await plans.find(tabId, frameId, docId), tabId);
    const site = spendingSite(sender);
    if (site) tabSites.set(tabId, site);
    if (frameId === 0) bindCredit(tabId, docId);
    if (frameId === 0 && !known.isCurrent(tabId, docId)) begin(tabId, docId);
    if (resume) {
      // The person's "Try again" (a trusted click in the page's indicator): the site may spend again,
      // and what the top document asks for is the person's.
      await grant(site);
      if (frameId === 0) credits.set(tabId, docId);
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
    await queue.enqueue(queued);
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
    if (frameId !== 0) {
      frames.forget(tabId, docId);
      void plans.forget(tabId, frameId, docId);
    } else if (known.docOfTab(tabId) === docId) cancel(tabId);
    return null;
  });

  // Frames go with their top page: what it does is passed on to every frame of the tab, and a frame that
  // starts later catches up. Their progress is summed for the top page's indicator.
  handle('page.frames', async ({ action }, sender) => {
    const tabId = tabOf(sender);
    actions.record(tabId, action);
    // Frames whose features are not in yet get them first (lib/bootstrap: a frame loads them on its own
    // only when its person acts there).
    if (action !== 'original') await ensureFeatures(tabId, 'all');
    void send('page.frameCommand', { action }, { tabId }).catch(() => undefined);
    return null;
  });

  // What brings the features into a frame (lib/background/boot.ts): the key set for the paragraph under
  // the pointer; a frame of a tab being translated; a top page whose site is translated always.
  needsFeaturesFor(['key:Alt', 'key:Control', 'key:Shift', 'key:Meta'], async ({ reason }) => {
    const { hoverModifier } = await getPreferences();
    return reason === `key:${hoverModifier}`;
  });
  needsFeaturesFor(['frame'], (_data, sender) => {
    const tabId = sender.tab?.id;
    return tabId !== undefined && actions.replay(tabId).length > 0;
  });
  needsFeaturesFor(['idle'], ({ host }) => (host ? startsAlone(host) : false));

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

  /** A person's command (popup, menu, shortcut: nothing a page can fire) lets the tab's site spend again. */
  const personCommand = async (tabId: number | undefined, action: PageAction, trigger: PageTrigger) => {
    if (tabId !== undefined && (action === 'translate' || action === 'toggle')) {
      // No key yet: nothing starts on the page (it would only stop). The popup says so with a way to the
      // settings; from the menu or a shortcut, the settings open at Connection, where the welcome is.
      if (!(await getCredentials()).apiKey) {
        if (trigger !== 'popup') void openOptions('connection');
        throw new MissingKeyError();
      }
      credits.set(tabId, known.docOfTab(tabId) ?? null);
      const site = await siteOf(tabId);
      if (site) await grant(site);
    }
    return commandTab(tabId, action, trigger);
  };

  handle('page.popupCommand', async ({ tabId, action }) => withAlreadyIn(await personCommand(tabId, action, 'popup')));
  setUpPageMode(() => known.tabIds());

  // "Continue" in the popup or settings: pages of that site that stopped because they were held back
  // send again what failed (a page that was never translated stays as it is).
  onContinue((site) => {
    for (const [tabId, tabSite] of tabSites) {
      if (tabSite !== site) continue;
      void commandTab(tabId, 'state', 'popup').then((view) => {
        if (view?.error?.code === 'held') void personCommand(tabId, 'translate', 'popup');
      });
    }
  });

  registerMenuItem({
    id: PAGE_MENU_ID,
    title: t('pageMenuTranslate', 'Verso: translate page'),
    contexts: ['page'],
    onClick: (_info, tab) => void personCommand(tab?.id, 'translate', 'menu'),
  });
  // Beside the browser's own "Translate to …", the item says whose it is and into what it translates.
  const nameTarget = async () => {
    const { targetLang } = await getPreferences();
    retitleMenuItem(
      PAGE_MENU_ID,
      t('pageMenuTranslateInto', 'Verso: translate page into $1', displayLanguageName(targetLang)),
    );
  };
  void nameTarget();
  preferencesItem.watch(() => void nameTarget());
  registerCommand('translate-page', (tab) => void personCommand(tab?.id, 'toggle', 'command'));

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

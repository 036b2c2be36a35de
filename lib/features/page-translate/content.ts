import { browser } from 'wxt/browser';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { type IndicatorUi, mountIndicatorUi } from '../../../components/page-translate/mount.tsx';
import type { BootReason, BootState } from '../../bootstrap/state.ts';
import { handle } from '../../messaging/handle.ts';
import { send } from '../../messaging/protocol.ts';
import type { PageMode, PageReading } from '../../settings/schema.ts';
import { contextTimers } from '../context-timers.ts';
import type { ContentFeature, Started } from '../registry.ts';
import type { SelectionOptions } from '../selection/messages.ts';
import { type FrameReport, type FramesSummary, frameReport, frameViewOf, withFrames } from './frames.ts';
import { HoverParagraph } from './hover.ts';
import type { FrameAction, PageAction } from './messages.ts';
import { IndicatorModel } from './model.ts';
import { readPageInfo } from './page-info.ts';
import { pageTranslation } from './page-status.ts';
import { IndicatorPlace } from './place-model.ts';
import { watchWholePageKeys } from './reader-keys.ts';
import { PageSession } from './session.ts';
import { PageTitle } from './title.ts';
import { writeSlicing } from './yield.ts';

/** How long the card waits for the plan before it shows anyway. */
const CARD_WAIT_MS = 150;

const newDocId = (): string => crypto.randomUUID().replace(/-/g, '').slice(0, 12);

/** Pages Verso translates: the web and files, and in frames also about:blank and srcdoc documents. */
const translatable = (location: Location): boolean =>
  /^(https?|file):$/.test(location.protocol) || (window !== window.top && location.protocol === 'about:');

/**
 * Full-page translation in the tab's top frame: started from the popup, the menu, the shortcut, or on
 * its own on sites whose rule says "always". The background's queue does the requests; this side cuts
 * the page, merges the answers and shows progress in a small indicator (a shadow-root UI, outside
 * <body>, so restoring the page gives back its exact markup).
 */
export const pageTranslateFeature: ContentFeature = {
  name: 'page-translate',
  runsOn: translatable,
  init(ctx: ContentScriptContext) {
    // Frames are translated with their top page (frames.ts): the worker passes the top's actions on.
    const top = window === window.top;
    const docId = `${top ? '' : 'F'}${newDocId()}`;
    /** What Verso cannot reach here (frames it cannot run in, closed shadow roots), once translation starts. */
    let report: FrameReport = { unreachable: [], closed: 0 };
    let framesSummary: FramesSummary | undefined;
    /** The top page's own language, as it declares it: the popup tells a page already in the target's. */
    const ownLang = () => {
      const lang = readPageInfo(document).pageLang;
      return top && lang ? { pageLang: lang } : {};
    };
    const tabView = () => ({ ...withFrames(session.view(), framesSummary, report), ...ownLang() });
    let followed: { shown?: string; reading?: string; mode?: string } = {};
    // The indicator's buttons act on the session below (created next; they are pressed only later).
    const indicator = new IndicatorModel({
      send,
      page: {
        showOriginal: () => void session.showOriginal(),
        translate: (byPerson) => personTranslate(byPerson),
        setReading: (reading) => void setReading(reading),
        setMode: (mode) => void setMode(mode, true),
        translateMore: () => session.translateMore(),
      },
    });
    ctx.onInvalidated(() => indicator.dispose());
    // Where the person put the card, and whether it is minimised on this site (place-model.ts).
    const place = new IndicatorPlace({
      load: () => send('page.placing', {}).then((answer) => (answer.ok ? answer.value : { minimised: false })),
      save: (change) => send('page.place', change).then(() => undefined),
    });
    if (top) void place.load();
    ctx.onInvalidated(() => place.dispose());
    // The tab's title and <html lang> follow the translation (title.ts).
    // A title the page sets later goes within the page's late budget (session.ts `spendLate`).
    const title = new PageTitle(document, {
      send(segment) {
        if (!session.spendLate(segment.text.length)) return false;
        void send('page.enqueue', { docId, segments: [segment], resume: false }).catch(() => undefined);
        return true;
      },
      setTimeout: (run, ms) => contextTimers(ctx).setTimeout(run, ms),
      clearTimeout: (handle) => contextTimers(ctx).clear(handle),
    });
    ctx.onInvalidated(() => title.restore());
    let mounting: Promise<IndicatorUi> | undefined;
    let cardTimer: number | undefined;
    const ensureUi = async () => {
      contextTimers(ctx).clear(cardTimer);
      cardTimer = undefined;
      mounting ??= mountIndicatorUi(ctx, indicator, place);
      const ui = await mounting;
      // Pages that rebuild their document take the host with them: put it back.
      if (!ui.shadowHost.isConnected) ui.mount();
    };

    const session = new PageSession({
      doc: document,
      win: window,
      docId,
      prepare: () => send('page.prepare', { docId, ...readPageInfo(document) }),
      enqueue: (segments, resume) =>
        send('page.enqueue', { docId, segments: top ? title.attach(docId, segments) : segments, resume }),
      status: (ids) => send('page.status', { docId, ids }),
      // The browser's own detector (CLD): the text goes nowhere, and no detector is bundled.
      detectLanguage: (text) => browser.i18n.detectLanguage(text),
      ...(top ? {} : { viewportRoot: document }),
      onFirstScreen() {
        if (top) pageTranslation.value = 'shown';
      },
      onView(view) {
        if (view.phase === 'preparing') report = frameReport(document);
        if (top && pageTranslation.value !== 'shown') {
          if (view.phase === 'preparing') pageTranslation.value = 'started';
          else if (view.phase === 'error' || view.phase === 'stopped') pageTranslation.value = 'shown';
        }
        if (!top) {
          if (view.phase !== 'idle')
            void send('page.frameView', { docId, view: frameViewOf(view, report) }).catch(() => undefined);
          return;
        }
        // The frames do what the top page does: start, switch the reading, show the original or not.
        const forward = (action: FrameAction) => void send('page.frames', { action }).catch(() => undefined);
        if (view.reading && view.reading !== followed.reading) forward(view.reading);
        if (view.mode && followed.mode !== undefined && view.mode !== followed.mode) forward(view.mode);
        else if (followed.shown !== undefined && view.shown !== followed.shown)
          forward(view.shown === 'original' ? 'original' : 'translate');
        if (view.phase !== 'idle')
          followed = {
            shown: view.shown,
            ...(view.reading ? { reading: view.reading } : {}),
            ...(view.mode ? { mode: view.mode } : {}),
          };
        // The whole page takes over: paragraphs translated on their own go back to their original first.
        if (view.phase === 'preparing') hover.restoreAll();
        title.follow(view);
        indicator.setView(withFrames(view, framesSummary, report));
        if (view.phase === 'preparing' && !mounting) {
          // The card waits for the plan (a moment at most): put in first, its layout would run before the
          // plan's answer and hold up the first request; it shows as the first request leaves instead.
          cardTimer ??= contextTimers(ctx).setTimeout(() => void ensureUi(), CARD_WAIT_MS);
        } else if (view.phase !== 'idle') void ensureUi();
      },
      repeat(run, ms) {
        const timers = contextTimers(ctx);
        const id = timers.setInterval(run, ms);
        return () => timers.clear(id);
      },
      slicing: writeSlicing,
    });
    ctx.onInvalidated(() => session.dispose());
    watchWholePageKeys(ctx, session);

    // The paragraph under the pointer, translated on its own with a key (hover.ts).
    let helpers: SelectionOptions | undefined;
    /** The display mode a paragraph takes: the page's once it is translated, else the site's or the preferences'. */
    let hoverMode: PageMode = 'replace';
    const refresh = () =>
      Promise.all([
        send('selection.options', {})
          .then((answer) => {
            if (answer.ok) helpers = answer.value;
          })
          .catch(() => undefined),
        send('page.mode', {})
          .then((answer) => {
            if (answer.ok) hoverMode = answer.value.mode;
          })
          .catch(() => undefined),
      ]);
    const settled = refresh();
    ctx.addEventListener(window, 'focus', () => void refresh());
    const hover = new HoverParagraph({
      doc: document,
      settings: () => (helpers ? { modifier: helpers.hoverModifier, targetLang: helpers.targetLang } : undefined),
      translate: (block) => send('page.paragraph', { ...readPageInfo(document), ...block }),
      mode: () => session.view().mode ?? hoverMode,
      pageBusy: () => session.view().phase !== 'idle',
    });
    ctx.addEventListener(document, 'pointermove', (e) => hover.onPointerMove(e), { capture: true, passive: true });
    ctx.addEventListener(document, 'mousemove', (e) => hover.onPointerMove(e), { capture: true, passive: true });
    ctx.addEventListener(document, 'pointerdown', () => hover.onPointerDown(), { capture: true });
    ctx.addEventListener(window, 'keydown', (e) => hover.onKeyDown(e), { capture: true });
    ctx.addEventListener(window, 'keyup', (e) => void hover.onKeyUp(e), { capture: true });

    /** Translate; asked by a person on the top page, the frames send again what failed there too. */
    function personTranslate(byPerson: boolean): void {
      void session.translate(byPerson);
      if (byPerson && top) void send('page.frames', { action: 'retry' }).catch(() => undefined);
    }

    /** A person's switch: applied to this page and remembered for the site. */
    const setReading = async (reading: PageReading) => {
      await session.setReading(reading, true);
      await send('page.rememberReading', { reading }).catch(() => undefined);
    };

    /**
     * Bilingual or the translation only: the page shows it at once, without asking again. A person's
     * switch is remembered for the site; a change of the settings (`auto`) only follows them.
     */
    async function setMode(mode: PageMode, byPerson: boolean): Promise<void> {
      hoverMode = mode;
      await session.setMode(mode);
      if (byPerson) await send('page.rememberMode', { mode }).catch(() => undefined);
    }

    const act = (action: PageAction, byPerson: boolean) => {
      if (action === 'as-you-read' || action === 'whole-page') void setReading(action);
      else if (action === 'bilingual' || action === 'replace') void setMode(action, byPerson);
      else if (action === 'translate') personTranslate(byPerson);
      else if (action === 'original') void session.showOriginal();
      else if (action === 'toggle') void session.toggle();
      else if (action === 'more' && byPerson) session.translateMore();
      // The view changes synchronously when an action starts: report it at once, not when the page is done.
      return tabView();
    };

    ctx.onInvalidated(
      handle('page.results', ({ items }) => {
        session.receive(items.filter((item) => !title.take(item)));
        return null;
      }),
    );
    ctx.onInvalidated(
      handle('page.failed', ({ ids, error }) => {
        const units = ids.filter((id) => !title.isTitle(id));
        if (units.length > 0) session.fail(units, error);
        return null;
      }),
    );
    if (top) {
      ctx.onInvalidated(handle('page.doc', () => ({ docId })));
      ctx.onInvalidated(
        handle('page.retrying', ({ until }) => {
          indicator.setRetry(until);
          return null;
        }),
      );
      ctx.onInvalidated(
        handle('page.framesView', (summary) => {
          framesSummary = summary;
          indicator.setView(tabView());
          return null;
        }),
      );
    } else {
      const follow = (action: FrameAction) => {
        if (action === 'translate') void session.translate(false);
        // Relayed by the worker from the top page's person (a trusted click, a command): not the frame's page.
        else if (action === 'retry') {
          if (session.view().phase !== 'idle') void session.translate(true);
        } else if (action === 'original') void session.showOriginal();
        else if (action === 'read-all') session.readAll();
        else if (action === 'bilingual' || action === 'replace') void session.setMode(action);
        else void session.setReading(action, false);
      };
      ctx.onInvalidated(
        handle('page.frameCommand', ({ action }) => {
          follow(action);
          return null;
        }),
      );
      // A frame that loads after the top page started catches up.
      void send('page.frameJoin', {})
        .then((answer) => {
          if (answer.ok) for (const action of answer.value.actions) follow(action);
        })
        .catch(() => undefined);
    }
    // Leaving (navigation, reload): the queue can drop what this page still waits for. Not on a page
    // kept for back/forward, which may come back; its status checks then repair what was dropped.
    ctx.addEventListener(window, 'pagehide', (event) => {
      if (!event.persisted && session.view().phase !== 'idle')
        void send('page.leave', { docId }).catch(() => undefined);
    });
    if (top) ctx.onInvalidated(handle('page.command', ({ action, trigger }) => act(action, trigger !== 'auto')));

    // Back online: what failed for want of a network goes again.
    ctx.addEventListener(window, 'online', () => {
      const view = session.view();
      if (view.progress.failed > 0 && (view.error?.code === 'network' || view.error?.code === 'timeout')) {
        void session.translate(true);
      }
    });

    // A press of the key for the paragraph under the pointer brought Verso's features (lib/bootstrap): the
    // press the bootstrap saw is acted on now.
    const started: Started = {
      boot(reasons) {
        const press = (globalThis as { __versoBoot?: BootState }).__versoBoot?.press;
        if (press && reasons.includes(`key:${press.key}` as BootReason)) void settled.then(() => hover.seed(press));
      },
    };
    if (!top) return started;
    void send('page.auto', { host: location.hostname }).then((answer) => {
      if (answer.ok && answer.value.start) act('translate', false);
    });
    return started;
  },
};

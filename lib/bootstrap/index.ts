/**
 * The only code of Verso's injected into every frame of every page (at document_start, so the browser
 * makes Verso's world before the page has any element that could stand in for `chrome`). It only
 * listens: when the person does something a feature answers (selects text, clicks or types in a field,
 * presses a modifier key over the page, plays a video) or, in the top frame once the page is idle, when the page may
 * need the translation offer, it asks the worker, which decides from the settings
 * (`lib/background/boot.ts`); then it imports Verso's features into this frame only. The worker may also
 * ask for them (`boot.features`) before it sends a frame a command. It imports nothing at start: it is
 * bundled alone (`scripts/build/bootstrap.ts`) and `tests/meta/bootstrap.test.ts` keeps it so, and small.
 *
 * The features are a web-accessible file with a URL made anew each browser session (Chrome's
 * `use_dynamic_url`), so a page cannot tell Verso is installed by asking for it.
 */
import type { BootReason, BootState } from './state.ts';

/**
 * Chrome: the bootstrap imports the features itself (a web-accessible file at a per-session URL).
 * Firefox: the worker injects them (`scripting`, with the access to all sites the content script has);
 * Mozilla's linter refuses an `import()` of a computed URL. Set by scripts/build/bootstrap.ts.
 */
declare const __VERSO_IMPORTS__: boolean;

(() => {
  const scope = globalThis as { __versoBoot?: BootState };
  if (scope.__versoBoot) return;
  // Taken now, while no page element can shadow them.
  const runtime = chrome.runtime;
  const proto = {
    getSelection: Document.prototype.getSelection,
    activeElement: Object.getOwnPropertyDescriptor(Document.prototype, 'activeElement')?.get,
    lang: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'lang')?.get,
    documentElement: Object.getOwnPropertyDescriptor(Document.prototype, 'documentElement')?.get,
    body: Object.getOwnPropertyDescriptor(Document.prototype, 'body')?.get,
    localName: Object.getOwnPropertyDescriptor(Element.prototype, 'localName')?.get,
    isContentEditable: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'isContentEditable')?.get,
    createTreeWalker: Document.prototype.createTreeWalker,
    closest: Element.prototype.closest,
  };
  const stop = new AbortController();
  const state: BootState = {
    reasons: [],
    features: false,
    stop: () => stop.abort(),
  };
  scope.__versoBoot = state;
  const top = window === window.top;
  const asked = new Set<string>();

  let loading: Promise<unknown> | undefined;
  /** Verso's features, into this frame's world: once. */
  const load = () => {
    if (!__VERSO_IMPORTS__) return Promise.resolve();
    loading ??= import(runtime.getURL('/features.js')).catch((e: unknown) => {
      loading = undefined;
      console.warn('[verso] could not load its features', e);
    });
    return loading;
  };

  const ask = (reason: BootReason, extra: Record<string, string> = {}) => {
    if (state.features || asked.has(reason)) return;
    asked.add(reason);
    // Listed before the answer: in Firefox the worker injects the features before it answers.
    state.reasons.push(reason);
    const message = { id: 0, type: 'boot.load', data: { reason, ...extra }, timestamp: Date.now() };
    try {
      // The worker's answer comes as Verso's messages do: { res: Result<{ load }> }.
      runtime.sendMessage(message, (answer?: { res?: { value?: { load?: boolean } } }) => {
        void runtime.lastError;
        if (answer?.res?.value?.load) void load();
        else if (!state.features) state.reasons.splice(state.reasons.indexOf(reason), 1);
      });
    } catch {
      // The extension was reloaded or removed: this frame's bootstrap is orphaned.
      stop.abort();
    }
  };

  // The worker, before it sends this frame a command (the page shortcut, a frame joining a translation).
  runtime.onMessage.addListener((message: unknown, sender: { id?: string }, reply: (answer: unknown) => void) => {
    if (sender.id !== runtime.id || (message as { type?: unknown } | null)?.type !== 'boot.features') return false;
    void load().then(() => reply({ res: { loaded: state.features } }));
    return true;
  });

  const on = <K extends keyof DocumentEventMap>(type: K, listener: (event: DocumentEventMap[K]) => void) =>
    document.addEventListener(type, listener, { capture: true, passive: true, signal: stop.signal });

  const editable = (el: Element | null | undefined): boolean => {
    if (!el) return false;
    const name = proto.localName?.call(el);
    if (name === 'textarea' || name === 'input') return true;
    return !!(el instanceof HTMLElement && proto.isContentEditable?.call(el));
  };
  const active = () => proto.activeElement?.call(document) as Element | null | undefined;

  // A selection the person made (a trusted release of the pointer or a key), for the selection button.
  const selected = (event: Event) => {
    if (!event.isTrusted) return;
    const selection = proto.getSelection.call(document);
    if (selection && !selection.isCollapsed && String(selection).trim() !== '') {
      state.selectedAt = performance.now();
      ask('selection');
    }
  };
  on('pointerup', selected);
  on('keyup', selected);
  // Text fields report their selections with `select`.
  on('select', (event) => {
    if (!event.isTrusted) return;
    state.selectedAt = performance.now();
    ask('selection');
  });
  // The person's click or key in a field: writing help.
  on('pointerdown', (event) => {
    if (!event.isTrusted) return;
    state.press = undefined;
    const target = event.composedPath()[0] as Element;
    // Google Docs draws its text on a canvas in this editor and takes typing in a hidden frame.
    if (editable(target) || (target instanceof Element && proto.closest.call(target, '.kix-appview-editor'))) {
      ask('field');
    }
  });
  // Where the person's pointer is, and a modifier pressed alone (the paragraph under the pointer).
  let pointer: { x: number; y: number } | undefined;
  on('pointermove', (event) => {
    if (event.isTrusted) pointer = { x: event.clientX, y: event.clientY };
  });
  on('keydown', (event) => {
    if (!event.isTrusted) return;
    if (editable(active())) ask('field');
    state.press = undefined;
    // A modifier key: the worker knows whether it is the one set for "the paragraph under the pointer".
    if (event.key === 'Alt' || event.key === 'Control' || event.key === 'Shift' || event.key === 'Meta') {
      if (pointer && !event.repeat) state.press = { key: event.key, ...pointer, released: false };
      ask(`key:${event.key}` as BootReason);
    }
  });
  on('keyup', (event) => {
    if (event.isTrusted && state.press?.key === event.key) state.press.released = true;
  });

  // A video began to play in this frame (media events do not bubble: caught on the way down), once:
  // the worker knows whether the person chose translated subtitles for the site.
  on('play', (event) => {
    if (proto.localName?.call(event.target as Element) === 'video') ask('video');
  });

  // Once the page is idle: the top frame says what the translate offer and the site's rule need (its
  // declared language, else a sample of its text); a frame asks whether its tab is being translated.
  const whenIdle = () => {
    if (stop.signal.aborted) return;
    if (!top) return ask('frame');
    // A PDF in the browser's viewer: the worker opens it in Verso's reader, or brings its offer.
    if (document.contentType === 'application/pdf') return ask('pdf');
    const root = proto.documentElement?.call(document) as HTMLElement | null | undefined;
    const declared = (root && proto.lang?.call(root)?.trim()) || '';
    ask('idle', declared ? { declared, host: location.hostname } : { sample: sample(), host: location.hostname });
  };
  const idle = () =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(whenIdle, { timeout: 2000 }) : setTimeout(whenIdle);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true, signal: stop.signal });

  /** Up to 2,000 characters of the page's prose, read from text nodes (no layout), for its language. */
  function sample(): string {
    const body = proto.body?.call(document) as Node | null | undefined;
    if (!body) return '';
    const skip = /^(script|style|noscript|template|code|pre|textarea|svg|math)$/;
    const walker = proto.createTreeWalker.call(document, body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node instanceof Element && skip.test(proto.localName?.call(node) ?? '')
          ? NodeFilter.FILTER_REJECT
          : NodeFilter.FILTER_ACCEPT,
    });
    let out = '';
    for (let node = walker.nextNode(); node && out.length < 2000; node = walker.nextNode()) {
      if (node instanceof Text) {
        const text = node.data.replace(/\s+/g, ' ').trim();
        if (text) out += `${text} `;
      }
    }
    return out.slice(0, 2000).trim();
  }
})();

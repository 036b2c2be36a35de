import { isOwnHost } from '../../dom/own-ui.ts';
import {
  documentElementOf,
  getAttribute,
  getBoundingClientRect,
  localNameOf,
  querySelectorAll,
  shadowRootOf,
} from '../../dom/unclobbered.ts';
import { elementHidden, opacityMemo } from '../../dom/visible.ts';
import type { FrameView, PagePhase, PageProgress, PageView } from './messages.ts';

/** What a frame (or the top page) knows of what Verso cannot translate in it. */
export interface FrameReport {
  /** Child frames Verso's content script cannot run in, named by host or kind (`data:`). */
  unreachable: string[];
  /** Elements whose closed shadow root keeps their content from any extension. */
  closed: number;
}

/** The other frames of the tab, summed: how many, their progress, what they could not reach. */
export interface FramesSummary extends FrameReport {
  count: number;
  phase: PagePhase;
  progress: PageProgress;
  /** The first stopped frame's reason. */
  stop?: FrameView['stop'];
}

/** Web pages no extension may script, whatever its permissions. */
const OFF_LIMITS =
  /^(chromewebstore\.google\.com|chrome\.google\.com|addons\.mozilla\.org|microsoftedge\.microsoft\.com)$/;

/**
 * Why a frame with this address runs no content script of Verso's; undefined when it runs one, or when
 * it holds no content of its own (`about:` and `javascript:` frames are the page's own empty documents,
 * written by its scripts, which Verso reaches like the page).
 */
export function unreachableName(src: string, base: string): string | undefined {
  const raw = src.trim();
  if (raw === '' || /^(about|javascript):/i.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return undefined;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:')
    return OFF_LIMITS.test(url.hostname) ? url.hostname : undefined;
  if (url.protocol === 'file:' || url.protocol === 'about:' || url.protocol === 'javascript:') return undefined;
  if (url.protocol === 'blob:') {
    // A blob: frame counts as the site that made it, but content scripts are not run in it.
    try {
      return `${new URL(url.pathname).hostname || 'blob:'} (blob:)`;
    } catch {
      return 'blob:';
    }
  }
  return url.protocol;
}

/** Frames smaller than this (in CSS pixels²: 50 × 50) hold no content anybody reads: ads' pixels, trackers. */
export const MIN_FRAME_AREA = 2500;

/**
 * Whether a person can see a frame: rendered, not transparent, on the page (not pushed off its top or left
 * edge, as tracking frames are) and big enough to hold something to read. Others are not worth a word.
 */
export function frameSeen(el: Element): boolean {
  const view = el.ownerDocument.defaultView;
  if (!view) return false;
  if (elementHidden(el, opacityMemo(view), view)) return false;
  const rect = getBoundingClientRect(el);
  return rect.width * rect.height >= MIN_FRAME_AREA;
}

type OpenOrClosed = (el: Element) => ShadowRoot | null;

/** The browser's way for extensions to see a closed shadow root (Chrome's `dom` API, Firefox's member). */
function openOrClosedShadowRoot(): OpenOrClosed | undefined {
  const chromeDom = (globalThis as unknown as { chrome?: { dom?: { openOrClosedShadowRoot?: OpenOrClosed } } }).chrome
    ?.dom;
  if (typeof chromeDom?.openOrClosedShadowRoot === 'function') return (el) => chromeDom.openOrClosedShadowRoot!(el);
  return undefined;
}

/**
 * What in this document Verso cannot translate: child frames it cannot run in (looking into open shadow
 * roots too) and custom elements with a closed shadow root. Closed roots are looked for on custom
 * elements only (where components put them): asking about every element would cost a big page too much.
 */
export function frameReport(doc: Document, seen: (frame: Element) => boolean = frameSeen): FrameReport {
  const unreachable: string[] = [];
  let closed = 0;
  const peek = openOrClosedShadowRoot();
  const base = doc.baseURI;
  const visit = (root: Element | ShadowRoot): void => {
    for (const el of querySelectorAll(root, '*')) {
      const name = localNameOf(el);
      if (name === 'iframe' || name === 'frame') {
        const label = unreachableName(getAttribute(el, 'src') ?? '', base);
        if (label && !unreachable.includes(label) && seen(el)) unreachable.push(label);
        continue;
      }
      const open = shadowRootOf(el);
      if (open) visit(open);
      // Verso's own hosts are closed too (docs/security.md): not the page's content.
      else if (peek && name.includes('-') && !isOwnHost(el) && peek(el)) closed++;
    }
  };
  const root = documentElementOf(doc);
  if (root) visit(root);
  return { unreachable, closed };
}

/** Where a page stands with the frames it holds: the busiest phase, the progress summed. */
export function withFrames(view: PageView, frames: FramesSummary | undefined, own: FrameReport): PageView {
  const unreachable = [...own.unreachable, ...(frames?.unreachable ?? [])];
  const closed = own.closed + (frames?.closed ?? 0);
  const report = unreachable.length > 0 || closed > 0 || (frames?.count ?? 0) > 0;
  if (!frames || frames.count === 0 || view.phase === 'idle') {
    return report ? { ...view, frames: { count: frames?.count ?? 0, unreachable, closed } } : view;
  }
  const progress: PageProgress = {
    total: view.progress.total + frames.progress.total,
    done: view.progress.done + frames.progress.done,
    failed: view.progress.failed + frames.progress.failed,
  };
  const waiting = (view.progress.waiting ?? 0) + (frames.progress.waiting ?? 0);
  if (waiting > 0) progress.waiting = waiting;
  const same = (view.progress.same ?? 0) + (frames.progress.same ?? 0);
  if (same > 0) progress.same = same;
  // A frame stopped for a reason the person must act on (held back, quota): the top page says why.
  const stop = !view.error && frames.stop ? { error: { name: 'QueueError', ...frames.stop } } : {};
  return {
    ...view,
    ...stop,
    phase: busiest(view.phase, frames.phase),
    progress,
    frames: { count: frames.count, unreachable, closed },
  };
}

/** A frame's view as it reports it to the worker. */
export function frameViewOf(view: PageView, report: FrameReport): FrameView {
  const { total, done, failed, waiting, same } = view.progress;
  const stop =
    view.phase === 'stopped' && view.error
      ? { stop: { code: view.error.code.slice(0, 40), message: view.error.message.slice(0, 500) } }
      : {};
  return {
    phase: view.phase,
    progress: { total, done, failed, ...(waiting ? { waiting } : {}), ...(same ? { same } : {}) },
    unreachable: report.unreachable.slice(0, 50),
    closed: report.closed,
    ...stop,
  };
}

const ORDER: PagePhase[] = ['idle', 'done', 'reading', 'translating', 'preparing', 'stopped', 'error'];

/** Of two phases, the one that says more is left to do (or went wrong). */
export function busiest(a: PagePhase, b: PagePhase): PagePhase {
  return ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b;
}

/** Sums the frames' own views (each frame's last report). */
export function summarise(
  views: ReadonlyArray<PageView & { report?: FrameReport; stop?: FrameView['stop'] }>,
): FramesSummary {
  const summary: FramesSummary = {
    count: views.length,
    phase: 'idle',
    progress: { total: 0, done: 0, failed: 0 },
    unreachable: [],
    closed: 0,
  };
  let waiting = 0;
  let same = 0;
  for (const view of views) {
    summary.phase = busiest(summary.phase, view.phase);
    summary.progress.total += view.progress.total;
    summary.progress.done += view.progress.done;
    summary.progress.failed += view.progress.failed;
    waiting += view.progress.waiting ?? 0;
    same += view.progress.same ?? 0;
    for (const name of view.report?.unreachable ?? [])
      if (!summary.unreachable.includes(name)) summary.unreachable.push(name);
    summary.closed += view.report?.closed ?? 0;
    summary.stop ??= view.stop;
  }
  if (waiting > 0) summary.progress.waiting = waiting;
  if (same > 0) summary.progress.same = same;
  return summary;
}

/**
 * Runs in the benchmark page's main world (added before the page's own scripts). It watches the
 * `data-b` blocks: a block counts as translated once its text differs from what it was when the
 * measurement started. It also records long animation frames (the tasks before a frame, then its
 * style, layout and paint) and, for comparison, 'longtask' entries, which leave out tasks a content
 * script runs for an extension message. The task figures that count come from the renderer's trace
 * (trace.ts).
 */
export interface ProbeResult {
  /** Wall-clock time of the start, to place the service's request log on the same time line. */
  startedAt: number;
  /** The first block translated. */
  firstChangeMs: number | null;
  firstScreenMs: number | null;
  wholePageMs: number | null;
  longestTaskMs: number;
  longTasks: number;
  /** The longest animation frame: all its tasks, then style, layout and paint. */
  longestFrameMs: number;
  /** Frames whose blocking time (task time over 50 ms, the frame's rendering added to its longest task) was not zero. */
  blockingFrames: number;
  /** The longest frame's parts: its tasks before rendering, and the rendering (style, layout, paint). */
  longestFrameTasksMs: number;
  longestFrameRenderMs: number;
  blocks: number;
  firstScreenBlocks: number;
  /** The screen's block translated last, where the first screen's time comes from. */
  lastOnScreen: string | null;
  /**
   * The longest time a block of the first screen waited for its translation, from the trigger (until the
   * end of the visit for a block never translated), and that block's text.
   */
  longestFirstScreenWaitMs: number | null;
  longestFirstScreenBlock: string | null;
  untranslated: number;
}

export interface Probe {
  start(): void;
  track(root: Element): void;
  finished(): boolean;
  result(): ProbeResult;
  /** The body as it was before translation (with a single-page app's later additions). */
  expectedBody(): string;
}

/** The page's globals the benchmark uses (no global declaration: they exist on its pages only). */
export interface BenchWindow {
  __bench?: Probe;
  __spa?: { added: string[]; done: boolean; start(): void };
}

export function installProbe(): void {
  const win = window as unknown as BenchWindow;
  const tasks: { start: number; duration: number }[] = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long task timing in this browser: reported as none.
  }
  interface Frame {
    startTime: number;
    duration: number;
    blockingDuration?: number;
    renderStart?: number;
  }
  const frames: Frame[] = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) frames.push(entry as unknown as Frame);
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No long animation frame timing in this browser: reported as none.
  }
  let t0 = 0;
  let startedAt = 0;
  let firstChangeMs: number | null = null;
  let firstScreenMs: number | null = null;
  let wholePageMs: number | null = null;
  let snapshot = '';
  let feedBefore = '';
  let blocks = 0;
  let firstScreenBlocks = 0;
  let lastOnScreen: string | null = null;
  const waiting = new Map<Element, string>();
  const onScreen = new Set<Element>();
  /** First-screen blocks and when each was translated (ms after the trigger). */
  const screenDone = new Map<Element, number | null>();
  /** A block's own text: nested blocks (a paragraph inside a table cell) are blocks of their own. */
  const ownNodes = (el: Element, out: Text[] = []): Text[] => {
    for (const node of el.childNodes) {
      if (node.nodeType === 3) out.push(node as Text);
      else if (node.nodeType === 1 && !(node as Element).hasAttribute('data-b')) ownNodes(node as Element, out);
    }
    return out;
  };
  const ownText = (el: Element): string =>
    ownNodes(el)
      .map((node) => node.data)
      .join('');
  /** Whether some of a block's own text shows on the screen (a tall block's text may lie below it). */
  const ownTextOnScreen = (el: Element): boolean =>
    ownNodes(el).some((node) => {
      if (!/\S/.test(node.data)) return false;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
    });
  const originalText = new Map<Element, string>();
  const known = new WeakSet<Element>();

  const add = (el: Element, screen: boolean) => {
    if (known.has(el)) return;
    known.add(el);
    blocks++;
    const text = ownText(el);
    waiting.set(el, text);
    originalText.set(el, text);
    if (screen) {
      onScreen.add(el);
      screenDone.set(el, null);
    }
  };
  const check = (el: Element) => {
    const before = waiting.get(el);
    if (before === undefined || ownText(el) === before) return;
    waiting.delete(el);
    if (screenDone.has(el)) screenDone.set(el, performance.now() - t0);
    if (onScreen.delete(el) && onScreen.size === 0) lastOnScreen = before.trim().slice(0, 80);
    firstChangeMs ??= performance.now() - t0;
  };
  const settled = () => {
    const now = performance.now();
    if (firstScreenMs === null && onScreen.size === 0) firstScreenMs = now - t0;
    const growing = win.__spa !== undefined && !win.__spa.done;
    if (wholePageMs === null && waiting.size === 0 && !growing) wholePageMs = now - t0;
  };
  /** No mutation since the last poll. */
  let quiet = false;
  const observer = new MutationObserver((records) => {
    quiet = false;
    for (const record of records) {
      const el = record.target.nodeType === 1 ? (record.target as Element) : record.target.parentElement;
      const block = el?.closest('[data-b]');
      if (block) check(block);
    }
    settled();
  });

  win.__bench = {
    start() {
      snapshot = document.body.innerHTML;
      feedBefore = document.getElementById('feed')?.innerHTML ?? '';
      for (const el of document.querySelectorAll('[data-b]')) {
        // Content hidden at the start (a collapsed section, a closed panel) is translated when it shows,
        // not with the page: it is not waited for.
        // A wrapper without a box of its own (display: contents) shows its content all the same; a menu
        // faded out (opacity 0, visibility hidden) is hidden content too.
        const shown =
          ((el as Element & { checkVisibility?: (o: object) => boolean }).checkVisibility?.({
            opacityProperty: true,
            visibilityProperty: true,
          }) ??
            true) ||
          getComputedStyle(el).display === 'contents';
        if (!shown) continue;
        const visible = ownTextOnScreen(el);
        add(el, visible);
      }
      firstScreenBlocks = onScreen.size;
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      t0 = performance.now();
      startedAt = Date.now();
      // Tasks from here on are the translation's (trace.ts TRIGGER_MARK).
      console.timeStamp('verso-bench-trigger');
    },
    track(root) {
      for (const el of root.querySelectorAll('[data-b]')) add(el, false);
    },
    finished() {
      // Blocks changed by a mutation the observer merged into another record: look once more, but only
      // once the page is quiet (reading every block's text at each poll would load the main thread the
      // benchmark measures).
      if (quiet) for (const el of [...waiting.keys()]) check(el);
      quiet = true;
      settled();
      return wholePageMs !== null;
    },
    result() {
      const during = tasks.filter((task) => task.start >= t0);
      const framesDuring = frames.filter((frame) => frame.startTime >= t0);
      const longest = framesDuring.reduce<Frame | undefined>(
        (max, frame) => (max && max.duration >= frame.duration ? max : frame),
        undefined,
      );
      const end = performance.now() - t0;
      let longestWait: [number, Element] | undefined;
      for (const [el, at] of screenDone) {
        const wait = at ?? end;
        if (!longestWait || wait > longestWait[0]) longestWait = [wait, el];
      }
      const tasksPart = longest?.renderStart ? longest.renderStart - longest.startTime : (longest?.duration ?? 0);
      return {
        startedAt,
        firstChangeMs,
        firstScreenMs,
        wholePageMs,
        longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
        longTasks: during.length,
        longestFrameMs: Math.max(0, ...framesDuring.map((frame) => frame.duration)),
        blockingFrames: framesDuring.filter((frame) => (frame.blockingDuration ?? 0) > 0).length,
        longestFrameTasksMs: tasksPart,
        longestFrameRenderMs: (longest?.duration ?? 0) - tasksPart,
        blocks,
        firstScreenBlocks,
        untranslated: waiting.size,
        lastOnScreen,
        longestFirstScreenWaitMs: longestWait ? longestWait[0] : null,
        longestFirstScreenBlock: longestWait
          ? (originalText.get(longestWait[1]) ?? '').trim().replace(/\s+/g, ' ').slice(0, 80)
          : null,
      };
    },
    expectedBody() {
      const added = win.__spa?.added.join('') ?? '';
      return added ? snapshot.replace(feedBefore, feedBefore + added) : snapshot;
    },
  };
}

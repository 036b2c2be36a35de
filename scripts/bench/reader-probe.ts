/**
 * Runs in a reader scenario's page (main world, before the page's scripts): what the reader saw and when.
 * A `data-b` block counts as seen once it is shown and inside the viewport, and as translated once its
 * text differs from the original. The characters seen are the unique strings of the blocks seen (their
 * text without code, which is never sent, and their tooltips and labels that say something else than the
 * element's own text), the figure billing is compared with.
 */
export interface ReaderResult {
  blocks: number;
  seenBlocks: number;
  seenCharacters: number;
  /** The unique strings of every block shown at the end, seen or not (whole-page figures). */
  shownUniqueCharacters: number;
  /** Time from the start until every block on the first screen was translated. */
  firstScreenMs: number | null;
  /** The first screen's block translated last (its text), or one never translated. */
  firstScreenLast: string | null;
  /** Blocks that came into view after the reader began to scroll. */
  scrolledIntoView: number;
  /** The longest time such a block stayed untranslated on screen (until the end, if it never was). */
  longestUntranslatedMs: number;
  p95UntranslatedMs: number;
  /** Of those, how many were shown untranslated at all. */
  shownUntranslated: number;
  untranslatedAtEnd: number;
}

export interface ReaderProbe {
  start(): void;
  scrolling(): void;
  result(): ReaderResult;
}

export function installReaderProbe(): void {
  const win = window as unknown as { __reader?: ReaderProbe };
  const original = new Map<Element, string>();
  const seenAt = new Map<Element, number>();
  const translatedAt = new Map<Element, number>();
  let t0 = 0;
  let scrollStart = Number.POSITIVE_INFINITY;
  const firstScreen = new Set<Element>();
  const now = () => performance.now();
  const shown = (el: Element) =>
    typeof (el as { checkVisibility?: unknown }).checkVisibility !== 'function' ||
    (el as Element & { checkVisibility(o: object): boolean }).checkVisibility({ visibilityProperty: true });

  /** A block's text as the service bills it: code, keys and samples stay untranslated and unsent. */
  const textOf = (el: Element): string => {
    const copy = el.cloneNode(true) as Element;
    for (const skip of copy.querySelectorAll('code,kbd,samp,script,style')) skip.remove();
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  };
  const ATTRS = ['title', 'alt', 'aria-label', 'placeholder'];
  /** Tooltips and labels inside a block that add text of their own (not equal to their element's text). */
  const attrsOf = (el: Element): string[] => {
    const out: string[] = [];
    for (const node of [el, ...el.querySelectorAll('[title],[alt],[aria-label],[placeholder]')]) {
      const own = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      for (const name of ATTRS) {
        const value = node.getAttribute(name)?.replace(/\s+/g, ' ').trim();
        if (value && /\p{L}/u.test(value) && value !== own) out.push(value);
      }
    }
    return out;
  };
  // The original texts, for the characters seen: taken at the start, before anything is translated.
  const originals = new Map<Element, { text: string; attrs: string[] }>();

  const io = new IntersectionObserver((entries) => {
    const t = now();
    for (const entry of entries) {
      if (!entry.isIntersecting || seenAt.has(entry.target) || !shown(entry.target)) continue;
      seenAt.set(entry.target, t);
    }
  });
  /** A block's own text: nested blocks (a paragraph inside a table cell) are blocks of their own. */
  const ownText = (el: Element): string => {
    let text = '';
    for (const node of el.childNodes) {
      if (node.nodeType === 3) text += (node as Text).data;
      else if (node.nodeType === 1 && !(node as Element).hasAttribute('data-b')) text += ownText(node as Element);
    }
    return text;
  };
  /** Whether some of a block's own text shows on the screen (a tall block's text may lie below it). */
  const ownTextOnScreen = (el: Element): boolean => {
    const walk = (node: Element): boolean => {
      for (const child of node.childNodes) {
        if (child.nodeType === 3 && /\S/.test((child as Text).data)) {
          const range = document.createRange();
          range.selectNodeContents(child);
          const box = range.getBoundingClientRect();
          if (box.width > 0 && box.bottom > 0 && box.top < innerHeight) return true;
        } else if (child.nodeType === 1 && !(child as Element).hasAttribute('data-b') && walk(child as Element)) {
          return true;
        }
      }
      return false;
    };
    return walk(el);
  };
  const mo = new MutationObserver((records) => {
    const t = now();
    for (const record of records) {
      const el = record.target.nodeType === 1 ? (record.target as Element) : record.target.parentElement;
      const block = el?.closest('[data-b]');
      if (!block || translatedAt.has(block)) continue;
      if (ownText(block) !== original.get(block)) translatedAt.set(block, t);
    }
  });
  win.__reader = {
    start() {
      for (const el of document.querySelectorAll('[data-b]')) {
        original.set(el, ownText(el));
        originals.set(el, { text: textOf(el), attrs: attrsOf(el) });
        io.observe(el);
        if ((shown(el) || getComputedStyle(el).display === 'contents') && ownTextOnScreen(el)) firstScreen.add(el);
      }
      mo.observe(document.body, { subtree: true, childList: true, characterData: true });
      t0 = now();
    },
    scrolling() {
      scrollStart = now();
    },
    result() {
      const end = now();
      for (const el of original.keys()) {
        if (!translatedAt.has(el) && ownText(el) !== original.get(el)) translatedAt.set(el, end);
      }
      const count = (blocks: Iterable<Element>) => {
        const strings = new Set<string>();
        for (const el of blocks) {
          const o = originals.get(el);
          if (!o) continue;
          if (o.text) strings.add(o.text);
          for (const value of o.attrs) strings.add(value);
        }
        let n = 0;
        for (const s of strings) n += Array.from(s).length;
        return n;
      };
      const firstDone = [...firstScreen].map((el) => translatedAt.get(el));
      let last: Element | undefined;
      for (const el of firstScreen) {
        const at = translatedAt.get(el) ?? Number.POSITIVE_INFINITY;
        if (!last || at > (translatedAt.get(last) ?? Number.POSITIVE_INFINITY)) last = el;
      }
      const stalls: number[] = [];
      for (const [el, at] of seenAt) {
        if (at < scrollStart || firstScreen.has(el)) continue;
        const done = translatedAt.get(el) ?? end;
        stalls.push(Math.max(0, done - at));
      }
      stalls.sort((a, b) => a - b);
      return {
        blocks: original.size,
        seenBlocks: seenAt.size,
        seenCharacters: count(seenAt.keys()),
        shownUniqueCharacters: count([...original.keys()].filter(shown)),
        firstScreenMs: firstDone.every((t) => t !== undefined) ? Math.max(0, ...(firstDone as number[])) - t0 : null,
        firstScreenLast: last ? (original.get(last) ?? '').replace(/\s+/g, ' ').trim().slice(0, 80) : null,
        scrolledIntoView: stalls.length,
        longestUntranslatedMs: stalls.length ? stalls[stalls.length - 1]! : 0,
        p95UntranslatedMs: stalls.length ? stalls[Math.floor(stalls.length * 0.95)]! : 0,
        shownUntranslated: stalls.filter((ms) => ms > 0).length,
        untranslatedAtEnd: [...original.keys()].filter((el) => !translatedAt.has(el)).length,
      };
    },
  };
}

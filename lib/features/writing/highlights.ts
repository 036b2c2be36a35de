import { getAttribute, nodeTypeOf, parentOf } from '../../dom/unclobbered.ts';
import type { Suggestion } from './check-suggestions.ts';
import { SUGGESTION_KINDS, type SuggestionKind } from './suggestions.ts';

/** Underline colours per kind. */
const MARK_COLOURS: Record<SuggestionKind, string> = {
  spelling: '#d93025',
  grammar: '#1a73e8',
  punctuation: '#c26401',
  style: '#8430ce',
};

const HIGHLIGHT_PREFIX = 'verso-';

interface HighlightApi {
  registry: Map<string, unknown>;
  make(ranges: Range[]): unknown;
}

/** The CSS Custom Highlight API, where the browser has it (Chromium 105+, Safari 17.2+, Firefox 140+). */
function highlightApi(view: Window): HighlightApi | undefined {
  const registry = (view as unknown as { CSS?: { highlights?: Map<string, unknown> } }).CSS?.highlights;
  const Highlight = (view as unknown as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
  if (!registry || typeof Highlight !== 'function') return undefined;
  return { registry, make: (ranges) => new Highlight(...ranges) };
}

/** The page-wide rules that draw the highlights (they only style Verso's named highlights). */
function highlightCss(): string {
  return SUGGESTION_KINDS.map(
    (kind) =>
      `::highlight(${HIGHLIGHT_PREFIX}${kind}){text-decoration-line:underline;text-decoration-style:wavy;text-decoration-color:${MARK_COLOURS[kind]};text-decoration-skip-ink:none}`,
  ).join('\n');
}

/** Both lists cover the same stretches of the same nodes (ranges as they are now, after any edits). */
function sameRanges(before: readonly Range[] | undefined, now: readonly Range[]): boolean {
  if (!before || before.length !== now.length) return false;
  return now.every((r, i) => {
    const b = before[i]!;
    return (
      b.startContainer === r.startContainer &&
      b.startOffset === r.startOffset &&
      b.endContainer === r.endContainer &&
      b.endOffset === r.endOffset
    );
  });
}

/** How editors mark the words their own checker flags (WAI-ARIA's `aria-invalid` tokens). */
const PAGE_CHECKER_MARKS = new Set(['spelling', 'grammar']);

/**
 * The page's own checker already underlines these words (an element around them has
 * `aria-invalid="spelling"` or `"grammar"`, as editors with a checker of their own mark them): Verso
 * draws nothing over them, so the person never sees two underlines on one word. The suggestion stays
 * in the list and F8 still reaches it.
 */
export function markedByPage(range: Range, host: Element): boolean {
  for (const end of [range.startContainer, range.endContainer]) {
    for (let node: Node | null = end; node && node !== host; node = parentOf(node)) {
      if (nodeTypeOf(node) !== 1) continue;
      const value = getAttribute(node as Element, 'aria-invalid')?.toLowerCase();
      if (value && PAGE_CHECKER_MARKS.has(value)) return true;
    }
  }
  return false;
}

/** Adds the ranges of `list` (by index) to `highlight`, by the kind of each suggestion. */
export function addRanges(
  highlight: Map<SuggestionKind, Range[]>,
  list: readonly Suggestion[],
  ranges: (Range | undefined)[],
): void {
  list.forEach((s, i) => {
    const range = ranges[i];
    if (!range) return;
    const own = highlight.get(s.kind);
    if (own) own.push(range);
    else highlight.set(s.kind, [range]);
  });
}

/**
 * Verso's underlines in editable regions, through the CSS Custom Highlight API: the text itself is
 * underlined, the editor's DOM untouched. One named highlight per kind of suggestion, page-wide.
 */
export class HighlightPainter {
  private readonly api: HighlightApi | undefined;
  private highlighted = false;
  /** The ranges last set per kind. */
  private readonly painted = new Map<SuggestionKind, Range[]>();
  private sheet: CSSStyleSheet | HTMLStyleElement | undefined;

  constructor(private readonly view: Window) {
    this.api = highlightApi(view);
  }

  /** The browser has the API (else underlines are drawn as boxes in Verso's overlay). */
  get available(): boolean {
    return !!this.api;
  }

  /** Sets Verso's highlights to `highlight` (the ranges of every field, by kind). */
  paint(highlight: Map<SuggestionKind, Range[]>): void {
    if (!this.api || (highlight.size === 0 && !this.highlighted)) return;
    this.ensureSheet();
    for (const kind of SUGGESTION_KINDS) {
      const own = highlight.get(kind) ?? [];
      // Ranges follow the text they cover: where a draw finds the same ones, the browser paints nothing anew.
      if (sameRanges(this.painted.get(kind), own)) continue;
      this.painted.set(kind, own);
      if (own.length) this.api.registry.set(HIGHLIGHT_PREFIX + kind, this.api.make(own));
      else this.api.registry.delete(HIGHLIGHT_PREFIX + kind);
    }
    this.highlighted = highlight.size > 0;
  }

  clear(): void {
    this.painted.clear();
    if (this.highlighted && this.api) {
      for (const kind of SUGGESTION_KINDS) this.api.registry.delete(HIGHLIGHT_PREFIX + kind);
      this.highlighted = false;
    }
  }

  dispose(): void {
    this.clear();
    const sheet = this.sheet;
    if (sheet instanceof CSSStyleSheet) {
      const doc = this.view.document;
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
    } else sheet?.remove();
  }

  /** The page-wide rules for the highlights, added once. */
  private ensureSheet(): void {
    if (this.sheet) return;
    const doc = this.view.document;
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(highlightCss());
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
      this.sheet = sheet;
    } catch {
      // Older engines and some pages: a style element in the head instead.
      const style = doc.createElement('style');
      style.textContent = highlightCss();
      (doc.head ?? doc.documentElement).append(style);
      this.sheet = style;
    }
  }
}

/**
 * Tag handling (docs/contract.md §4.1 `tag_handling`): the input is cut into markup and text. Markup tokens are
 * copied byte for byte; only text is translated. The tokeniser is lenient like the real service: a `<`
 * that does not open a tag is text, an unterminated tag runs to the end of the input.
 */

export type TagMode = 'xml' | 'html';

export interface Tag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
}

export type Token = { type: 'text'; raw: string } | { type: 'markup'; raw: string; tag?: Tag };

export interface MarkupOptions {
  mode: TagMode;
  /** Tags whose content is copied verbatim. */
  ignoreTags?: readonly string[];
  /** Tags that always start a new sentence. */
  splittingTags?: readonly string[];
  /** Tags that never start a new sentence (wins over splitting and html block tags). */
  nonSplittingTags?: readonly string[];
  /** Accepted for the contract; this engine's structure detection is the html block list below. */
  outlineDetection?: boolean;
}

export type Segment =
  | { kind: 'markup'; raw: string; splits: boolean }
  | { kind: 'text'; raw: string; verbatim: boolean };

/** An XML name as tag lists may hold (validated by the route). */
export function isTagName(name: string): boolean {
  return /^[A-Za-z_:][\w.:-]*$/.test(name);
}

const NAME_START = /[A-Za-z_:]/;
/** html elements whose content is raw text: no tags inside, and never translated. */
const RAW_TEXT = new Set(['script', 'style']);
/** html elements whose content is kept as is (code samples, preformatted text). */
const HTML_VERBATIM = ['script', 'style', 'code', 'pre'];
/** html elements that start a new sentence (block-level and line breaks). */
const HTML_BLOCKS = [
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'option',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'title',
  'tr',
  'ul',
];

/** End index (exclusive) of the tag that opens at `start`, honouring quoted attribute values. */
function tagEnd(input: string, start: number): number {
  let quote = '';
  for (let i = start + 1; i < input.length; i++) {
    const ch = input[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return i + 1;
  }
  return input.length;
}

function until(input: string, start: number, terminator: string): number {
  const at = input.indexOf(terminator, start);
  return at < 0 ? input.length : at + terminator.length;
}

/** End of the markup that starts at `start` (a `<`), or -1 when that `<` is plain text. */
function markupEnd(input: string, start: number): number {
  if (input.startsWith('<!--', start)) return until(input, start + 4, '-->');
  if (input.startsWith('<![CDATA[', start)) return until(input, start + 9, ']]>');
  if (input.startsWith('<?', start)) return until(input, start + 2, '?>');
  if (input.startsWith('<!', start)) return tagEnd(input, start);
  const next = input[start + 1] ?? '';
  if (NAME_START.test(next)) return tagEnd(input, start);
  if (next === '/' && NAME_START.test(input[start + 2] ?? '')) return tagEnd(input, start);
  return -1;
}

function parseTag(raw: string): Tag | undefined {
  const match = /^<(\/?)([^\s/>]+)/.exec(raw);
  if (!match) return undefined;
  return { name: match[2]!, closing: match[1] === '/', selfClosing: /\/\s*>$/.test(raw) };
}

export function tokenize(input: string, mode: TagMode): Token[] {
  const tokens: Token[] = [];
  let textStart = 0;
  let i = input.indexOf('<');
  const pushText = (end: number) => {
    if (end > textStart) tokens.push({ type: 'text', raw: input.slice(textStart, end) });
  };
  while (i >= 0 && i < input.length) {
    const end = markupEnd(input, i);
    if (end < 0) {
      i = input.indexOf('<', i + 1);
      continue;
    }
    pushText(i);
    const raw = input.slice(i, end);
    const tag = raw.startsWith('<!') || raw.startsWith('<?') ? undefined : parseTag(raw);
    tokens.push(tag ? { type: 'markup', raw, tag } : { type: 'markup', raw });
    textStart = end;
    i = end;
    // The content of html <script> and <style> is raw text: a `<` there never opens a tag.
    if (mode === 'html' && tag && !tag.closing && !tag.selfClosing && RAW_TEXT.has(tag.name.toLowerCase())) {
      const closer = new RegExp(`</${tag.name}`, 'ig');
      closer.lastIndex = end;
      const contentEnd = closer.exec(input)?.index ?? input.length;
      pushText(contentEnd);
      textStart = contentEnd;
      i = contentEnd;
      continue;
    }
    i = input.indexOf('<', i);
  }
  pushText(input.length);
  return tokens;
}

/**
 * Tokens with what the translator needs: whether a text is kept verbatim (inside an ignored tag, or
 * html code) and whether a tag starts a new sentence.
 */
export function segmentMarkup(input: string, options: MarkupOptions): Segment[] {
  const html = options.mode === 'html';
  const norm = (name: string) => (html ? name.toLowerCase() : name);
  const verbatim = new Set([...(options.ignoreTags ?? []), ...(html ? HTML_VERBATIM : [])].map(norm));
  const nonSplitting = new Set((options.nonSplittingTags ?? []).map(norm));
  const splitting = new Set(
    [...(options.splittingTags ?? []), ...(html ? HTML_BLOCKS : [])].map(norm).filter((n) => !nonSplitting.has(n)),
  );
  const segments: Segment[] = [];
  let depth = 0;
  for (const token of tokenize(input, options.mode)) {
    if (token.type === 'text') {
      segments.push({ kind: 'text', raw: token.raw, verbatim: depth > 0 });
      continue;
    }
    const name = token.tag ? norm(token.tag.name) : undefined;
    if (name !== undefined && token.tag && verbatim.has(name) && !token.tag.selfClosing) {
      if (!token.tag.closing) depth++;
      else if (depth > 0) depth--;
    }
    segments.push({ kind: 'markup', raw: token.raw, splits: name !== undefined && splitting.has(name) });
  }
  return segments;
}

const ENTITY = /&(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/g;

/** Splits markup text into plain runs and character references (`&amp;`, `&#233;`), which stay as they are. */
export function splitEntities(text: string): Array<{ text: string; entity: boolean }> {
  const out: Array<{ text: string; entity: boolean }> = [];
  let last = 0;
  for (const match of text.matchAll(ENTITY)) {
    if (match.index > last) out.push({ text: text.slice(last, match.index), entity: false });
    out.push({ text: match[0], entity: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), entity: false });
  return out;
}

/** Billed size of markup text: code points, with a character reference counting as the one it stands for. */
export function textLength(text: string): number {
  let n = 0;
  for (const part of splitEntities(text)) n += part.entity ? 1 : [...part.text].length;
  return n;
}

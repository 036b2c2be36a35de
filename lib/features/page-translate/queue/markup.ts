/**
 * A small tokenizer for the markup segments carry when `tag_handling` is html or xml. The service worker
 * has no DOMParser, and splitting needs only where tags are and which ones pair up, not a tree.
 */
export interface Token {
  /** `raw`: script/style source, never translated text. `other`: comments, doctype, CDATA, processing. */
  kind: 'text' | 'open' | 'close' | 'void' | 'raw' | 'other';
  raw: string;
  name?: string;
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content is not markup; script and style content is not text either. */
const RAW_TEXT = new Map<string, 'raw' | 'text'>([
  ['script', 'raw'],
  ['style', 'raw'],
  ['textarea', 'text'],
  ['title', 'text'],
]);

const NAME_START = /[A-Za-z_:]/;

export function tokenize(source: string, html: boolean): Token[] {
  const tokens: Token[] = [];
  const text = (raw: string) => {
    if (raw === '') return;
    const last = tokens[tokens.length - 1];
    if (last?.kind === 'text') last.raw += raw;
    else tokens.push({ kind: 'text', raw });
  };
  const until = (from: number, end: string) => {
    const at = source.indexOf(end, from);
    return at < 0 ? source.length : at + end.length;
  };
  let i = 0;
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    if (lt < 0) {
      text(source.slice(i));
      break;
    }
    text(source.slice(i, lt));
    i = lt;
    const next = source[i + 1] ?? '';
    let end: number;
    if (source.startsWith('<!--', i)) end = until(i + 4, '-->');
    else if (source.startsWith('<![CDATA[', i)) end = until(i + 9, ']]>');
    else if (next === '!' || next === '?') end = until(i + 2, '>');
    else if (next === '/' && NAME_START.test(source[i + 2] ?? '')) {
      end = until(i + 2, '>');
      const raw = source.slice(i, end);
      tokens.push({ kind: 'close', raw, name: tagName(raw.slice(2), html) });
      i = end;
      continue;
    } else if (NAME_START.test(next)) {
      end = tagEnd(source, i + 1);
      if (end < 0) {
        // An unterminated tag is not a tag: the rest is text.
        text(source.slice(i));
        break;
      }
      const raw = source.slice(i, end);
      const name = tagName(raw.slice(1), html);
      const selfClosing = raw.endsWith('/>');
      tokens.push({ kind: selfClosing || (html && VOID.has(name)) ? 'void' : 'open', raw, name });
      i = end;
      const rawKind = html && !selfClosing ? RAW_TEXT.get(name) : undefined;
      if (rawKind) {
        const closing = new RegExp(`</${name}`, 'gi');
        closing.lastIndex = i;
        const stop = closing.exec(source)?.index ?? source.length;
        if (stop > i) tokens.push({ kind: rawKind, raw: source.slice(i, stop) });
        i = stop;
      }
      continue;
    } else {
      text('<');
      i++;
      continue;
    }
    tokens.push({ kind: 'other', raw: source.slice(i, end) });
    i = end;
  }
  return tokens;
}

function tagName(afterBracket: string, html: boolean): string {
  const name = /^[^\s/>]+/.exec(afterBracket)?.[0] ?? '';
  return html ? name.toLowerCase() : name;
}

/** Index just past the `>` that ends the tag opened before `from`, skipping quoted attribute values. */
function tagEnd(source: string, from: number): number {
  let quote = '';
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i + 1;
  }
  return -1;
}

/**
 * For each `open` token, the index of its `close` token, or -1 when it has none (malformed markup: the
 * open tag then stands alone). A close tag closes the nearest open element of its name, as browsers do.
 */
export function matchElements(tokens: readonly Token[]): Int32Array {
  const match = new Int32Array(tokens.length).fill(-1);
  const stack: number[] = [];
  for (const [i, token] of tokens.entries()) {
    if (token.kind === 'open') stack.push(i);
    else if (token.kind === 'close') {
      const at = stack.findLastIndex((j) => tokens[j]!.name === token.name);
      if (at < 0) continue;
      match[stack[at]!] = i;
      stack.length = at;
    }
  }
  return match;
}

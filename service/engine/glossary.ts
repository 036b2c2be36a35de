/** A run of text; `fixed` runs are final (a glossary target phrase) and are not pseudo-translated. */
export interface Piece {
  text: string;
  fixed: boolean;
}

export type GlossaryEntries = ReadonlyArray<readonly [source: string, target: string]>;

const WORD = /[\p{L}\p{N}]/u;
/** Scripts written without spaces: a phrase there is matched wherever it occurs. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

function boundaryOk(text: string, index: number, phraseEdge: string): boolean {
  if (UNSPACED.test(phraseEdge) || !WORD.test(phraseEdge)) return true;
  const neighbour = text[index];
  return neighbour === undefined || !WORD.test(neighbour);
}

/**
 * Replaces glossary source phrases by their target phrases, verbatim: longest phrase first, whole
 * words only, case-sensitive (the engine's documented glossary rule).
 */
export function applyGlossary(text: string, entries: GlossaryEntries): Piece[] {
  if (entries.length === 0 || text === '') return text === '' ? [] : [{ text, fixed: false }];
  const sorted = [...entries].filter(([s]) => s !== '').sort((a, b) => b[0].length - a[0].length);
  const pieces: Piece[] = [];
  let free = '';
  let i = 0;
  outer: while (i < text.length) {
    for (const [source, target] of sorted) {
      if (!text.startsWith(source, i)) continue;
      const end = i + source.length;
      const first = [...source][0]!;
      const last = [...source].at(-1)!;
      if (!boundaryOk(text, i - 1, first) || !boundaryOk(text, end, last)) continue;
      if (free) pieces.push({ text: free, fixed: false });
      free = '';
      pieces.push({ text: target, fixed: true });
      i = end;
      continue outer;
    }
    free += text[i];
    i++;
  }
  if (free) pieces.push({ text: free, fixed: false });
  return pieces;
}

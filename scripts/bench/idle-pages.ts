// The idle benchmark's pages (`npm run bench:idle`): an ordinary article of PARAGRAPHS paragraphs, and
// the small same-site embeds its framed variant holds.
import { PARAGRAPHS } from './idle-common.ts';

const WORDS = [
  'the harbour council met on tuesday to discuss the new ferry timetable and the repairs to the north pier',
  'which have been delayed by the winter storms residents asked whether the market would move during the',
  'works and the council promised a decision before spring',
]
  .join(' ')
  .split(' ');

function sentence(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 3) % WORDS.length]!);
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function paragraph(i: number): string {
  const body = [sentence(i, 18), sentence(i + 1, 24), sentence(i + 2, 14)].join(' ');
  const link = i % 4 === 0 ? ` <a href="/archive/${i}">Read the earlier report</a>.` : '';
  return `<p>${body}${link}</p>`;
}

/** An ordinary article: a header, 60 paragraphs with some links and headings, a footer; no scripts. */
export function articlePage(frames: number): string {
  const parts: string[] = [];
  for (let i = 0; i < PARAGRAPHS; i++) {
    if (i % 12 === 0) parts.push(`<h2>${sentence(i, 5)}</h2>`);
    parts.push(paragraph(i));
    // The frames spread through the text, as ads and embeds are: one after every third paragraph.
    if (i % 3 === 2 && i / 3 < frames)
      parts.push(`<iframe src="/embed/${(i - 2) / 3}.html" width="300" height="120" title="Embed"></iframe>`);
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour news</title>
<style>body{font:16px/1.5 serif;max-width:42em;margin:2em auto;padding:0 1em}iframe{display:block;border:1px solid #ccc;margin:1em 0}</style>
</head><body><header><nav><a href="/">Home</a> · <a href="/local">Local</a> · <a href="/sport">Sport</a></nav>
<h1>Harbour news</h1></header><main><article>${parts.join('\n')}</article></main>
<footer><p>© The Harbour Times</p></footer></body></html>`;
}

/** A small same-site embed: a card of text and a link. */
export function embedPage(i: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embed ${i}</title>
<style>body{font:13px sans-serif;margin:8px}</style></head><body><p><b>${sentence(i + 40, 4)}</b></p>
<p>${sentence(i + 50, 16)}</p><a href="/offer/${i}" target="_top">Find out more</a></body></html>`;
}

/**
 * The page pipeline on a big synthetic page (1,500 blocks, about 50,000 nodes), given a document:
 * `happy-dom.ts` runs it in Node, `chromium.ts` in headless Chromium. What matters most is the
 * longest slice: how long the sliced passes hold the main thread at a time.
 */

import type { Slicing } from '../../../../dom/schedule.ts';
import { PageTranslation } from '../restore.ts';
import { segment, segmentSliced } from '../segment.ts';
import { upper } from '../test-translate.ts';

const BLOCKS = 1500;

/** About 33 nodes a block, as on a long article: headings, rich paragraphs, lists, tables. */
function block(i: number): string {
  switch (i % 4) {
    case 0:
      return `<h3>Title ${i} <small>by <a href="/u/ann">Ann</a></small> <time>May 3</time></h3><p class="meta">Posted in <a href="/news">News</a> and <a href="/tech">Tech</a></p>`;
    case 1:
      return `<p>Sentence ${i} with <a href="/p/${i}" class="l">a link</a>, <b>bold <i>nested</i> words</b> and <code>x()</code>. <span>More</span> text <em>here</em>, <strong>strong</strong> and <a href="#">another link</a> to <mark>mark</mark>.<br>Second line <img src="data:," alt="Icon ${i}"> and <small>small print</small>, <abbr title="Also known as">aka</abbr> <sup>2</sup> <em>then <b>more</b></em> end.</p>`;
    case 2:
      return `<ul><li>Item <a href="#a">one</a> first</li><li>Item <b>two</b> second</li><li>12</li><li>Item <em>four</em> and <i>more</i></li><li>Last <a href="#b">item</a></li><li>Really <b>the</b> last</li></ul>`;
    default:
      return `<table><tr><td>Cell <b>a</b></td><td>Cell b</td><td>3.5</td></tr><tr><td>Row <i>two</i></td><td>Cell d</td><td>7</td></tr><tr><td>Row <i>three</i></td><td>Cell f</td><td>9</td></tr></table><div>Loose text <span class="x"><span>deep <b>inline</b></span></span> end<p>Nested <q>quote</q> here</p></div>`;
  }
}

export const pageHtml = (): string =>
  Array.from(
    { length: BLOCKS / 15 },
    (_, s) => `<section>${Array.from({ length: 15 }, (_, i) => block(s * 15 + i)).join('\n')}</section>`,
  ).join('\n');

/** Records how long each slice of work held the thread. */
function measuredSlicing(yieldNow: () => Promise<void>): Slicing & { slices: number[] } {
  const slices: number[] = [];
  let start = performance.now();
  return {
    slices,
    sliceMs: 8,
    yieldNow: async () => {
      slices.push(performance.now() - start);
      await yieldNow();
      start = performance.now();
    },
  };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const longest = (slices: number[]) => {
  const sorted = [...slices].sort((a, b) => a - b);
  const work = slices.reduce((a, b) => a + b, 0);
  const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  return `${fmt(sorted[sorted.length - 1] ?? 0)} (p95 ${fmt(p95)}, work ${fmt(work)})`;
};

export async function runBench(document: Document, yieldNow: () => Promise<void>): Promise<string[]> {
  const out: string[] = [];
  document.body.innerHTML = pageHtml();
  const original = document.body.innerHTML;
  const elements = document.body.querySelectorAll('*').length;
  let texts = 0;
  const walker = document.createTreeWalker(document.body, 4);
  while (walker.nextNode()) texts++;
  out.push(`page: ${BLOCKS} blocks, ${elements} elements + ${texts} text nodes`);

  const time = (run: () => void): number => {
    const start = performance.now();
    run();
    return performance.now() - start;
  };
  let units = segment(document.body, { targetLang: 'DE' }).units;
  const onceMs = time(() => {
    units = segment(document.body, { targetLang: 'DE' }).units;
  });
  out.push(`units: ${units.length} (${units.filter((u) => u.kind === 'attr').length} attributes)`);
  out.push(`segment, one go: ${fmt(onceMs)}`);

  const segSlices = measuredSlicing(yieldNow);
  let start = performance.now();
  await segmentSliced(document.body, { targetLang: 'DE' }, segSlices);
  out.push(
    `segment, sliced: ${fmt(performance.now() - start)} wall, ${segSlices.slices.length + 1} slices, longest ${longest(segSlices.slices)}`,
  );

  const answers = units.map((unit) => [unit, upper(unit.source)] as const);
  const store = new PageTranslation({ targetLang: 'DE', doc: document });
  const applySlices = measuredSlicing(yieldNow);
  start = performance.now();
  const counts = await store.applyAll(answers, applySlices);
  out.push(
    `merge all, sliced: ${fmt(performance.now() - start)} wall (${counts.applied} applied), longest slice ${longest(applySlices.slices)}`,
  );
  out.push(
    `show original, one go: ${fmt(time(() => store.setMode('original')))}; exact: ${document.body.innerHTML === original}`,
  );
  out.push(`show translated, one go: ${fmt(time(() => store.setMode('translated')))}`);
  out.push(`show bilingual, one go: ${fmt(time(() => store.setMode('bilingual')))}`);
  const modeSlices = measuredSlicing(yieldNow);
  await store.setModeSliced('original', modeSlices);
  out.push(`bilingual -> original, sliced: longest slice ${longest(modeSlices.slices)}`);
  out.push(`exact after bilingual: ${document.body.innerHTML === original}`);
  return out;
}

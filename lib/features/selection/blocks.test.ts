// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { blocksToHtml, groupBlocks } from './blocks.ts';
import type { BlockShape } from './serialize.ts';

const item = (list: number, depth = 0, ordered = false, n?: number): BlockShape => ({
  kind: 'item',
  list,
  ordered,
  depth,
  ...(n !== undefined ? { n } : {}),
});

describe('groupBlocks', () => {
  it('keeps headings and paragraphs, and gathers the items of one list, nested ones included', () => {
    const groups = groupBlocks(
      ['Pläns', 'Bring <b>these</b>:', 'Böots', 'Mäp', 'Päper', 'Thërd', 'Föurth'],
      [
        { kind: 'heading', level: 2 },
        { kind: 'paragraph' },
        item(1),
        item(1),
        item(2, 1),
        item(3, 0, true, 3),
        item(3, 0, true, 4),
      ],
    );
    expect(groups).toEqual([
      { kind: 'heading', level: 2, html: 'Pläns' },
      { kind: 'paragraph', html: 'Bring <b>these</b>:' },
      {
        kind: 'list',
        ordered: false,
        start: 1,
        items: [
          { html: 'Böots', depth: 0 },
          { html: 'Mäp', depth: 0 },
          { html: 'Päper', depth: 1 },
        ],
      },
      {
        kind: 'list',
        ordered: true,
        start: 3,
        items: [
          { html: 'Thërd', depth: 0 },
          { html: 'Föurth', depth: 0 },
        ],
      },
    ]);
  });

  it('treats paragraphs without a shape as running text', () => {
    expect(groupBlocks(['One', 'Two'])).toEqual([
      { kind: 'paragraph', html: 'One' },
      { kind: 'paragraph', html: 'Two' },
    ]);
  });
});

describe('blocksToHtml', () => {
  const groups = groupBlocks(
    ['Pläns', 'Bring <b>these</b> &amp; more:', 'Böots', 'Päper', 'Thërd', 'Föurth'],
    [
      { kind: 'heading', level: 2 },
      { kind: 'paragraph' },
      item(1),
      item(2, 1),
      item(3, 0, true, 3),
      item(3, 0, true, 4),
    ],
  );

  // blocksToText reads the HTML with DOMPurify, which needs a real browser: tests/e2e/selection-dom.spec.ts.
  it('gives HTML with the block tags of the page around the sanitised paragraphs', () => {
    expect(blocksToHtml(groups)).toBe(
      '<h2>Pläns</h2><p>Bring <b>these</b> &amp; more:</p>' +
        '<ul><li>Böots</li><li style="margin-left:1.5em">Päper</li></ul><ol start="3"><li>Thërd</li><li>Föurth</li></ol>',
    );
  });
});

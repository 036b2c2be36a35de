// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { annotated, docsField, readDocs } from './docs-canvas.ts';

/** A Docs editor as in its annotated mode: a tile's SVG, a rect per drawn line, a `g` per paragraph. */
function editor(paragraphs: string[][]): HTMLElement {
  const root = document.createElement('div');
  root.className = 'kix-appview-editor';
  const groups = paragraphs
    .map(
      (lines) =>
        `<g role="paragraph">${lines.map((l) => `<rect aria-label="${l}" data-font-css="16px serif"></rect>`).join('')}</g>`,
    )
    .join('');
  root.innerHTML = `<div class="kix-canvas-tile-content"><canvas></canvas><svg>${groups}</svg></div>`;
  document.body.append(root);
  return root;
}

describe('Google Docs annotations', () => {
  it('reads the lines of a paragraph as drawn and joins paragraphs with a line break', () => {
    const el = editor([['Notes from the ', 'meeting.'], [''], ['Please send it.']]);
    const read = readDocs(el);
    expect(read.text).toBe('Notes from the meeting.\n\nPlease send it.');
    expect(read.lines.map((l) => [l.start, l.text])).toEqual([
      [0, 'Notes from the '],
      [15, 'meeting.'],
      [24, ''],
      [25, 'Please send it.'],
    ]);
    expect(annotated(el)).toBe(true);
  });

  it('reads nothing where Docs shows only its canvas (an extension it did not approve)', () => {
    const el = document.createElement('div');
    el.className = 'kix-appview-editor';
    el.innerHTML = '<canvas class="kix-canvas-tile-content"></canvas>';
    document.body.append(el);
    expect(annotated(el)).toBe(false);
    expect(readDocs(el).text).toBe('');
  });

  it('takes a press anywhere in the editor as being in the editor field', () => {
    const el = editor([['Hello.']]);
    expect(docsField(el.querySelector('canvas'))).toEqual({ element: el, kind: 'docs' });
    expect(docsField(document.body)).toBeNull();
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { layoutDisplay } from './layout-display.ts';
import { segment } from './segments/index.ts';

const sources = (html: string, withHook: boolean): string[] => {
  document.body.innerHTML = html;
  return segment(document.body, {
    targetLang: 'DE',
    attributes: false,
    ...(withHook ? { display: layoutDisplay(window) } : {}),
  }).units.map((u) => u.source);
};

describe('layoutDisplay', () => {
  it('makes each item of a flex row or a grid a unit of its own', () => {
    const menu = '<nav style="display: flex"><a href="#a">Home</a><a href="#b">News</a></nav>';
    expect(sources(menu, false)).toEqual(['<a id="v1">Home</a><a id="v2">News</a>']);
    expect(sources(menu, true)).toEqual(['Home', 'News']);
    expect(sources('<div style="display: inline-grid"><span>One cell</span><b>Two</b></div>', true)).toEqual([
      'One cell',
      'Two',
    ]);
  });

  it('leaves phrasing in ordinary blocks in its sentence', () => {
    expect(
      sources('<p>Read <a href="#a">the guide</a> now, <span style="display: inline-block">tagged</span>.</p>', true),
    ).toEqual(['Read <a id="v1">the guide</a> now, <span id="v2">tagged</span>.']);
  });
});

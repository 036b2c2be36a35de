// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { markOwnHost } from '../../../dom/own-ui.ts';
import { partition } from '../partition.ts';
import { segment } from './segment.ts';
import type { Unit } from './types.ts';

const sources = (units: readonly Unit[]): string[] =>
  units.map((u) => (u.kind === 'attr' ? `@${u.name}=${u.original}` : u.source));

/** One of Verso's hosts as WXT makes it: a custom element with an open shadow root holding its UI. */
function versoHost(name: string, label: string): HTMLElement {
  const host = document.createElement(name);
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.innerHTML = `<html><body><button aria-label="${label}" title="${label}">${label}</button><p>${label} help</p></body></html>`;
  markOwnHost(host);
  return host;
}

beforeEach(() => {
  document.body.innerHTML = '<p id="page">The page says hello.</p>';
});

describe("Verso's own UI", () => {
  it('is never cut from the page: not its text, not its attributes, not its shadow root', () => {
    const writing = versoHost('verso-writing', 'Improve writing');
    document.body.append(writing);
    const result = segment(document.body, { targetLang: 'DE' });
    expect(sources(result.units)).toEqual(['The page says hello.']);
    expect(result.shadowRoots).toEqual([]);
  });

  it('is skipped by identity: the page stripping its attributes or renaming nothing changes it', () => {
    const host = versoHost('verso-selection-button', 'Translate the selection');
    for (const name of host.getAttributeNames()) host.removeAttribute(name);
    // The page adds a label of its own to the host: still not taken (the host's text is Verso's).
    host.setAttribute('title', 'Planted by the page');
    const wrapper = document.createElement('div');
    wrapper.append(host);
    document.body.append(wrapper);
    expect(sources(segment(document.body, { targetLang: 'DE' }).units)).toEqual(['The page says hello.']);
  });

  it('inside an inline run, a host of Verso is left out of the sentence and its UI unread', () => {
    document.body.innerHTML = '<p id="p">Before <span id="s">inline text</span> after.</p>';
    const host = versoHost('verso-writing', 'Improve writing');
    document.getElementById('s')!.append(host);
    const all = sources(segment(document.body, { targetLang: 'DE' }).units).join(' | ');
    expect(all).not.toContain('Improve writing');
    expect(all).toContain('inline text');
  });

  it("a page's element with the same name and a copy of its markup is the page's own, and translated", () => {
    const lookalike = document.createElement('verso-writing');
    lookalike.attachShadow({ mode: 'open' }).innerHTML = '<p>Page text in a lookalike.</p>';
    document.body.append(lookalike);
    expect(sources(segment(document.body, { targetLang: 'DE' }).units)).toContain('Page text in a lookalike.');
  });

  it('whole-page cutting (partition) gives no part that sends it', () => {
    document.body.innerHTML = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i}.</p>`).join('');
    document.body.append(versoHost('verso-writing', 'Improve writing'));
    const parts = partition(document.body, 5);
    const sent = parts.flatMap((root) => sources(segment(root, { targetLang: 'DE' }).units));
    expect(sent).toHaveLength(30);
    expect(sent.join(' ')).not.toContain('Improve writing');
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { SiteRule } from '../../settings/schema.ts';
import { selectorsFor } from './params.ts';
import { harness, PLAN, setUpSessions, wait } from './session-testing.ts';

setUpSessions();

const PAGE = `<nav><a href="/">Home page</a></nav>
<main><article><h1>Rowing at dawn</h1><p>The river was calm.</p><img alt="Boats on the river"></article>
<section class="comments"><p>First comment here</p></section></main>
<aside><p>Related stories</p></aside>`;

const sentFor = async (selectors: { exclude?: string; include?: string }) => {
  document.body.innerHTML = PAGE;
  const h = harness({ ...PLAN, selectors });
  await h.session.translate();
  await wait(1000);
  return h.segments().map((s) => s.text);
};

describe('per-site selectors', () => {
  it('leaves out the parts a person excluded, attributes included', async () => {
    expect(await sentFor({ exclude: '.comments, nav' })).toEqual([
      'Rowing at dawn',
      'The river was calm.',
      'Related stories',
      'Boats on the river',
    ]);
  });

  it('translates only the parts a person included, less what is excluded inside them', async () => {
    expect(await sentFor({ include: 'main article' })).toEqual([
      'Rowing at dawn',
      'The river was calm.',
      'Boats on the river',
    ]);
    expect(await sentFor({ include: 'main', exclude: 'img, .comments' })).toEqual([
      'Rowing at dawn',
      'The river was calm.',
    ]);
  });

  it('reaches into open shadow roots', async () => {
    document.body.innerHTML = '<div class="comments"><x-post></x-post></div><p>Kept text</p>';
    const host = document.querySelector('x-post')!;
    host.attachShadow({ mode: 'open' }).innerHTML = '<p>A comment in a component</p>';
    const h = harness({ ...PLAN, selectors: { exclude: '.comments' } });
    await h.session.translate();
    await wait(1000);
    expect(h.segments().map((s) => s.text)).toEqual(['Kept text']);
  });

  it('a selector the browser cannot parse is left out, and the page is translated as without it', async () => {
    const all = await sentFor({});
    expect(await sentFor({ exclude: '.comments[' })).toEqual(all);
    expect(all).toContain('First comment here');
  });

  it("come from the person's rule for the page's own host only", () => {
    const rules = [SiteRule.parse({ host: 'news.example', excludeSelectors: ' .comments ', includeSelectors: '' })];
    expect(selectorsFor({ siteRules: rules }, 'news.example')).toEqual({ selectors: { exclude: '.comments' } });
    expect(selectorsFor({ siteRules: rules }, 'cdn.example')).toEqual({});
    expect(selectorsFor({ siteRules: rules }, '')).toEqual({});
  });
});

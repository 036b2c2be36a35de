// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { DetectLanguage } from './block-language.ts';
import { harness, PLAN, setUpSessions, tick, wait } from './session-testing.ts';
import { sameLine, statusLine } from './wording.ts';

setUpSessions();

const GERMAN = 'Heute haben wir im Garten die ersten Tomaten des Sommers geerntet.';
const GERMAN_2 = 'Der Zug nach Hamburg hatte heute Morgen wieder eine Stunde Verspätung.';
const FRENCH = 'Nous avons passé une semaine magnifique au bord de la mer avec les enfants.';

/** The browser's detector stands behind this interface: German samples are German, the rest unknown. */
const detect: DetectLanguage = async (text) =>
  [GERMAN, GERMAN_2].some((g) => text.includes(g))
    ? { isReliable: true, languages: [{ language: 'de', percentage: 97 }] }
    : { isReliable: false, languages: [] };

describe('PageSession on a page in several languages', () => {
  it('sends only the posts not already in the target language, and says how many were left', async () => {
    document.body.innerHTML = `<article><p>${GERMAN}</p></article><article><p>${FRENCH}</p></article><article><p>${GERMAN_2}</p></article>`;
    const h = harness(PLAN, undefined, undefined, undefined, { detectLanguage: detect });
    await h.session.translate();
    await tick();
    expect(h.segments().map((s) => s.text)).toEqual([FRENCH]);
    await h.answerAll();
    await wait(1000);
    const view = h.session.view();
    expect(view).toMatchObject({ phase: 'done', progress: { total: 1, done: 1, failed: 0, same: 2 } });
    expect(statusLine(view, 'en')).toBe('Translated into German');
    expect(sameLine(view, 'en')).toBe('2 parts already in German were left as they are.');
    const posts = [...document.querySelectorAll('p')].map((p) => p.textContent);
    expect(posts).toEqual([GERMAN, FRENCH.toUpperCase(), GERMAN_2]);
    // Shown as they are: no lang added to a block Verso left alone.
    expect(document.querySelector('article p')?.hasAttribute('lang')).toBe(false);
    // A later pass over the same posts neither sends nor counts them again.
    document.body.insertAdjacentHTML('beforeend', `<article><p>${GERMAN}</p></article>`);
    await wait(1000);
    expect(h.segments().map((s) => s.text)).toEqual([FRENCH]);
    expect(h.session.view().progress.same).toBe(3);
    await h.session.showOriginal();
    expect(sameLine(h.session.view(), 'en')).toBeUndefined();
  });

  it('never sends again a translation Verso wrote, when the page copies it elsewhere', async () => {
    document.body.innerHTML = '<h1>The garden in summer</h1>';
    const h = harness();
    await h.session.translate();
    await h.answerAll();
    await wait(1000);
    expect(document.querySelector('h1')?.textContent).toBe('THE GARDEN IN SUMMER');
    // A breadcrumb or a framework takes the translated heading.
    document.body.insertAdjacentHTML('beforeend', '<nav><span>THE GARDEN IN SUMMER</span></nav><p>Fresh text</p>');
    await wait(1000);
    expect(h.segments().map((s) => s.text)).toEqual(['The garden in summer', 'Fresh text']);
    await h.answerAll();
    await wait(1000);
    expect(h.session.view()).toMatchObject({ phase: 'done', progress: { failed: 0 } });
  });
});

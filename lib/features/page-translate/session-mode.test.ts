// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { harness, PLAN, setUpSessions, wait } from './session-testing.ts';
import { statusLine } from './wording.ts';

setUpSessions();

const PAGE = '<p id="a">Read <a href="#x">the guide</a> now.</p><p id="b">Boats and oars.</p>';

describe('PageSession display mode', () => {
  it('shows a translated page bilingual and back at once, from the answers it has: nothing is sent again', async () => {
    document.body.innerHTML = PAGE;
    const before = document.body.innerHTML;
    const h = harness();
    await h.session.translate();
    await h.answerAll();
    await wait(100);
    const sent = h.segments().length;
    expect(document.getElementById('a')?.textContent).toBe('READ THE GUIDE NOW.');

    await h.session.setMode('bilingual');
    expect(h.session.view()).toMatchObject({ shown: 'bilingual', mode: 'bilingual' });
    const lines = [...document.querySelectorAll('.verso-bilingual')].map((line) => line.textContent);
    expect(lines).toEqual(['READ THE GUIDE NOW.', 'BOATS AND OARS.']);
    expect(document.getElementById('a')?.firstChild?.textContent).toBe('Read ');

    await h.session.setMode('replace');
    expect(h.session.view()).toMatchObject({ shown: 'translated', mode: 'replace' });
    expect(document.querySelectorAll('.verso-bilingual')).toHaveLength(0);
    expect(document.getElementById('b')?.textContent).toBe('BOATS AND OARS.');
    expect(h.segments()).toHaveLength(sent);

    // The original comes back exactly, from either mode.
    await h.session.setMode('bilingual');
    await h.session.showOriginal();
    expect(document.body.innerHTML).toBe(before);
    // Shown again in the mode chosen last.
    await h.session.translate();
    expect(h.session.view().shown).toBe('bilingual');
    expect(document.querySelectorAll('.verso-bilingual')).toHaveLength(2);
    expect(h.segments()).toHaveLength(sent);
  });

  it('a mode chosen while the original is shown applies when the translation is shown again', async () => {
    document.body.innerHTML = PAGE;
    const h = harness();
    await h.session.translate();
    await h.answerAll();
    await h.session.showOriginal();
    await h.session.setMode('bilingual');
    expect(h.session.view()).toMatchObject({ shown: 'original', mode: 'bilingual' });
    expect(document.querySelectorAll('.verso-bilingual')).toHaveLength(0);
    await h.session.translate();
    expect(document.querySelectorAll('.verso-bilingual')).toHaveLength(2);
  });

  it('a mode chosen before the start is the one the page starts in', async () => {
    document.body.innerHTML = PAGE;
    const h = harness();
    await h.session.setMode('bilingual');
    expect(h.session.view()).toMatchObject({ phase: 'idle', mode: 'bilingual' });
    await h.session.translate();
    expect(h.session.view()).toMatchObject({ shown: 'bilingual', mode: 'bilingual' });
  });

  it('a page already in the target language sends nothing and says so', async () => {
    document.documentElement.lang = 'en';
    document.body.innerHTML = PAGE;
    const before = document.body.innerHTML;
    const h = harness({ ...PLAN, targetLang: 'en-US', alreadyIn: 'en' });
    await h.session.translate();
    await wait(100);
    expect(h.messages).toHaveLength(0);
    expect(h.session.view()).toMatchObject({ phase: 'done', shown: 'original', alreadyIn: 'en' });
    expect(statusLine(h.session.view(), 'en')).toBe('This page is already in English');
    // Asked again (a person who wants it anyway): still nothing to send.
    await h.session.translate();
    await h.session.toggle();
    expect(h.messages).toHaveLength(0);
    expect(document.body.innerHTML).toBe(before);
    document.documentElement.removeAttribute('lang');
  });
});

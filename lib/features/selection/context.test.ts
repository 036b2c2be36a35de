// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { contextString, fieldTextAround, keepEnd, keepStart, textAround } from './context.ts';

function rangeOfText(needle: string): Range {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n as Text;
    const at = t.data.indexOf(needle);
    if (at >= 0) {
      const range = document.createRange();
      range.setStart(t, at);
      range.setEnd(t, at + needle.length);
      return range;
    }
  }
  throw new Error('not found');
}

describe('textAround', () => {
  it('reads the paragraphs before and after the selection, not the selection itself', () => {
    document.body.innerHTML =
      '<h1>Bank report</h1><p>The river <b>bank</b> flooded. We sat on the bank.</p><p>Fishing was good.</p>';
    const around = textAround(rangeOfText('We sat'));
    expect(around.before).toBe('Bank report\nThe river bank flooded.');
    expect(around.after).toBe('on the bank.\nFishing was good.');
    expect(contextString(around)).toBe('Bank report\nThe river bank flooded.\n\non the bank.\nFishing was good.');
  });

  it('skips scripts and styles', () => {
    document.body.innerHTML = '<p>Alpha</p><script>var secret = 1;</script><style>p{}</style><p>Beta gamma</p>';
    const around = textAround(rangeOfText('gamma'));
    expect(around.before).toBe('Alpha\nBeta');
  });

  it('stops at the budget on each side, at a word boundary', () => {
    const words = Array.from({ length: 400 }, (_, i) => `w${i}`).join(' ');
    document.body.innerHTML = `<p>${words} TARGET ${words}</p>`;
    const around = textAround(rangeOfText('TARGET'), 100);
    expect(around.before.length).toBeLessThanOrEqual(100);
    expect(around.after.length).toBeLessThanOrEqual(100);
    expect(around.before.endsWith('w399')).toBe(true);
    expect(around.before).toMatch(/^w\d+ /);
    expect(around.after.startsWith('w0 w1')).toBe(true);
    expect(around.after).toMatch(/ w\d+$/);
  });

  it('works when the range boundaries are elements', () => {
    document.body.innerHTML = '<p>before</p><div id="sel"><p>one</p><p>two</p></div><p>after</p>';
    const range = document.createRange();
    const sel = document.getElementById('sel')!;
    range.setStart(sel, 0);
    range.setEnd(sel, sel.childNodes.length);
    expect(textAround(range)).toEqual({ before: 'before', after: 'after' });
  });
});

describe('textAround keeps pieces of text apart', () => {
  it('at list items, table cells, rows, <br> and blocks: "Home Travel", never "HomeTravel"', () => {
    document.body.innerHTML =
      '<ul><li>Home</li><li>Travel</li></ul>' +
      '<table><tr><td>Name</td><td>Price</td></tr><tr><td>Tea</td><td>3</td></tr></table>' +
      '<p>Line one<br>Line two</p><div>Block<div>Inner</div>Tail</div><p id="x">Selected words</p>' +
      '<p>After<br>break</p><dl><dt>Term</dt><dd>Meaning</dd></dl>';
    const around = textAround(rangeOfText('Selected'));
    expect(around.before).toBe('Home\nTravel\nName Price\nTea 3\nLine one\nLine two\nBlock\nInner\nTail');
    expect(around.after).toBe('words\nAfter\nbreak\nTerm\nMeaning');
  });

  it('at boxes the computed style makes: flex and block menu items, inline-block tabs', () => {
    document.body.innerHTML =
      '<nav class="flex"><a href="/">Home</a><a href="/t">Travel</a></nav>' +
      '<div><span class="tab">Day</span><span class="tab">Week</span></div>' +
      '<p>Plain <b>bold</b><i>italic</i> text</p><p id="x">Selected</p>';
    const display = (el: Element) =>
      el.localName === 'a'
        ? 'block'
        : el.classList.contains('flex')
          ? 'flex'
          : el.classList.contains('tab')
            ? 'inline-block'
            : ['b', 'i'].includes(el.localName)
              ? 'inline'
              : undefined;
    expect(textAround(rangeOfText('Selected'), 1000, { display }).before).toBe(
      'Home\nTravel\nDay Week\nPlain bolditalic text',
    );
  });

  it('reads through the prototypes: members a page overrides on its elements change nothing', () => {
    document.body.innerHTML =
      '<p>Before the form.</p><form id="f">Inside <b>the</b> form.<input name="q"><br>Next line.</form><p>Selected here.</p><p>After.</p>';
    const range = rangeOfText('Selected');
    const clean = textAround(range);
    const form = document.getElementById('f')!;
    const input = form.querySelector('input')!;
    // As a control named `parentElement`, `localName`... shadows a form's own members. (The tree walk itself
    // is the browser's; happy-dom's own walker reads these members, so they are left alone here.)
    for (const name of ['parentElement', 'localName', 'childNodes']) {
      Object.defineProperty(form, name, { get: () => input, configurable: true });
    }
    Object.defineProperty(form, 'hasAttribute', { value: () => true, configurable: true });
    Object.defineProperty(document.body, 'textContent', { get: () => 'forged', configurable: true });
    try {
      expect(clean.before).toBe('Before the form.\nInside the form.\nNext line.');
      expect(textAround(range)).toEqual(clean);
    } finally {
      // The document outlives this file when test files share a worker.
      delete (document.body as { textContent?: unknown }).textContent;
    }
  });
});

describe('fieldTextAround', () => {
  it('takes the value around the selection, bounded', () => {
    const value = 'Hello there. Select me please. Goodbye now.';
    const start = value.indexOf('Select');
    const end = start + 'Select me please.'.length;
    expect(fieldTextAround(value, start, end)).toEqual({ before: 'Hello there.', after: 'Goodbye now.' });
    expect(fieldTextAround(value, start, end, 6).before).toBe('there.');
  });
});

describe('keepStart / keepEnd', () => {
  it('cut at whitespace, never inside a word', () => {
    expect(keepStart('alpha beta gamma', 12)).toBe('alpha beta');
    expect(keepEnd('alpha beta gamma', 12)).toBe('beta gamma');
    expect(keepStart('short', 12)).toBe('short');
  });
});

// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { buildDiff, editsToAccept, editsToRevert } from './diff-model.ts';
import { applyToEditable, narrowEdit, offsetOf, readEditable } from './editable-text.ts';

function host(html: string): HTMLElement {
  document.body.innerHTML = `<div id="host" contenteditable="true">${html}</div>`;
  return document.getElementById('host')!;
}

/** Accepts every change of the suggestion into the region, as the panel's Accept all does. */
function acceptAll(el: HTMLElement, improved: string) {
  const original = readEditable(el).text;
  const { changes } = buildDiff(original, improved);
  const all = new Set(changes.map((c) => c.id));
  applyToEditable(el, editsToAccept(changes, new Set(), all));
  return { original, changes, all };
}

describe('readEditable', () => {
  it('reads block boundaries and <br> as newlines and non-breaking spaces as spaces', () => {
    const el = host('<p>First <b>bold</b>\u00a0line</p><p>Second<br>line</p><div>Third</div>');
    expect(readEditable(el).text).toBe('First bold line\nSecond\nline\nThird\n');
  });

  it('reads a region again only after something in it changed (text, nodes, a quote marked later)', async () => {
    const el = host('<p>One <b>two</b></p><p>three</p>');
    const first = readEditable(el);
    expect(readEditable(el)).toBe(first);
    (el.querySelector('b')!.firstChild as Text).data = 'deux';
    expect(readEditable(el).text).toBe('One deux\nthree\n');
    const second = readEditable(el);
    el.lastElementChild!.append(' four');
    expect(readEditable(el).text).toBe('One deux\nthree four\n');
    el.lastElementChild!.className = 'gmail_quote';
    expect(readEditable(el).text).toBe('One deux\n');
    // A change delivered to the observer before the next read counts too.
    el.lastElementChild!.className = '';
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(readEditable(el).text).toBe('One deux\nthree four\n');
    expect(readEditable(el)).not.toBe(second);
  });

  it('puts typed text into the last read without reading the region again, as a fresh read gives it', async () => {
    const el = host('<p>First <b>bold</b> line</p><p>Second line</p><blockquote type="cite">quoted</blockquote>');
    readEditable(el);
    const texts = [...el.querySelectorAll('p')]
      .flatMap((p) => [...p.childNodes])
      .map((n) => (n.firstChild ?? n) as Text);
    texts[0]!.data = 'Fir\u00a0st ';
    texts[3]!.data = 'Second line and more';
    (el.querySelector('blockquote')!.firstChild as Text).data = 'quoted, changed';
    await new Promise((resolve) => setTimeout(resolve, 0));
    texts[1]!.data = 'b';
    const patched = readEditable(el);
    expect(patched.text).toBe('Fir st b line\nSecond line and more\n');
    for (const span of patched.spans) {
      expect(patched.text.slice(span.start, span.end)).toBe(span.node.data.replace(/\u00a0/g, ' '));
    }
    // A text emptied may move a line break: read again.
    texts[3]!.data = '';
    expect(readEditable(el).text).toBe('Fir st b line\n');
  });

  it('patches the read after many keys typed in one text node with no read between them', async () => {
    const el = host('<p>First line</p><p>Second line</p>');
    const before = readEditable(el);
    const typed = el.querySelectorAll('p')[1]!.firstChild as Text;
    // One change at a time, each seen by the observer on its own, as keys typed a frame apart are.
    for (const c of ' and forty more characters typed here') {
      typed.data += c;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const patched = readEditable(el);
    expect(patched.text).toBe('First line\nSecond line and forty more characters typed here\n');
    // Not read anew: the first line's span is the one of the read before.
    expect(patched.spans[0]).toBe(before.spans[0]);
  });

  it('reads again only the lines that changed, as a fresh read gives them (editors that draw a paragraph anew)', async () => {
    // Slate-like lines (p > span > span > text), Draft-like ones in one wrapper, list items after a
    // paragraph, and a quote after them.
    const shapes = [
      { tag: 'p', wrap: (x: string) => x },
      { tag: 'p', wrap: (x: string) => `<div data-contents="true">${x}</div>` },
      { tag: 'li', wrap: (x: string) => `<p><span><span>Intro</span></span></p><ul>${x}</ul>` },
    ];
    for (const { tag, wrap } of shapes) {
      const line = (words: string) => `<${tag}><span><span>${words}</span></span><b> bold</b></${tag}>`;
      const el = host(
        wrap(`${[1, 2, 3, 4, 5].map((n) => line(`Line ${n}`)).join('')}<blockquote type="cite">q</blockquote>`),
      );
      const lines = () => [...el.querySelectorAll(tag)];
      let seed = 11;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed % n;
      };
      readEditable(el);
      for (let step = 0; step < 200; step++) {
        const p = lines()[random(lines().length)]!;
        const inner = p.querySelector('span span')!;
        const before = readEditable(el);
        const kind = random(9);
        switch (kind) {
          case 0: // A key typed into the text node.
            (inner.firstChild as Text).data += 'x';
            break;
          case 1: // The editor draws the words anew: a new text node.
            inner.replaceChildren(`${inner.textContent}.`);
            break;
          case 2: // The whole inline part drawn anew.
            p.firstElementChild!.replaceWith(
              Object.assign(document.createElement('span'), { innerHTML: `<span>${inner.textContent}1</span>` }),
            );
            break;
          case 3: // A line added after it (Enter), now and then.
            if (random(4) === 0) p.insertAdjacentHTML('afterend', line(`New ${step}`));
            break;
          case 4: // Two lines at once, and an attribute inside one.
            (lines()[0]!.querySelector('span span')!.firstChild as Text).data += 'y';
            (p.querySelector('b') ?? p.firstElementChild)!.className = `c${step}`;
            break;
          case 5: // A line taken away (Backspace at a line's start), while there are a few.
            if (lines().length > 3) p.remove();
            break;
          case 6: {
            // An empty line added (Enter at a line's end: a line break only), read, then typed in.
            p.insertAdjacentHTML('afterend', `<${tag}><span><span><br></span></span></${tag}>`);
            readEditable(el);
            const empty = p.nextElementSibling!.querySelector('span span')!;
            empty.replaceChildren(`Typed ${step}`);
            break;
          }
          case 7: // A line taken away, then its text changed where it no longer is.
            if (lines().length > 3) {
              p.remove();
              (inner.firstChild as Text).data += 'z';
            }
            break;
          default: // A line marked as the quoted reply, or no longer.
            p.classList.toggle('gmail_quote');
        }
        if (random(3) === 0) await new Promise((resolve) => setTimeout(resolve, 0));
        const patched = readEditable(el);
        const fresh = readEditable(host(el.innerHTML));
        document.body.replaceChildren(el);
        expect(patched.text).toBe(fresh.text);
        for (const span of patched.spans) {
          expect(span.node.isConnected).toBe(true);
          expect(patched.text.slice(span.start, span.end)).toBe(span.node.data.replace(/\u00a0/g, ' '));
        }
        expect(patched.spans.map((s) => s.node.data)).toEqual(fresh.spans.map((s) => s.node.data));
        // A change inside or after one line other than the first: the lines before it were not read again
        // (also when a line came or went).
        const first = lines()[0];
        if (
          kind !== 4 &&
          kind !== 8 &&
          p !== first &&
          (first?.isConnected || tag === 'li') &&
          before.spans[0]?.node.isConnected
        )
          expect(patched.spans[0]).toBe(before.spans[0]);
      }
    }
  });

  it('finds the offset of a point in any text node read, or after an element point, by halves', () => {
    const el = host(
      `${Array.from({ length: 40 }, (_, i) => `<p>Line <b>${i}</b> end</p>`).join('')}<blockquote type="cite">q</blockquote>`,
    );
    const read = readEditable(el);
    for (const span of read.spans) {
      expect(offsetOf(el, read, span.node, 2)).toBe(span.start + Math.min(2, span.end - span.start));
    }
    // A text the read leaves out, and element points: before a paragraph, after the last one.
    expect(offsetOf(el, read, el.querySelector('blockquote')!.firstChild!, 0)).toBeNull();
    const third = el.children[3]!;
    expect(offsetOf(el, read, el, 3)).toBe(read.text.indexOf('Line 3'));
    expect(offsetOf(el, read, third, 1)).toBe(read.text.indexOf('3 end'));
    expect(offsetOf(el, read, el, el.childNodes.length)).toBe(read.spans.at(-1)!.end);
  });

  it('skips scripts and styles', () => {
    expect(readEditable(host('a<style>p{}</style>b<script>x</script>')).text).toBe('ab');
  });

  it('leaves out the signature and the quoted reply of a mail (Gmail, Outlook, Thunderbird)', () => {
    const gmail = host(
      '<div>Thanks a lot.</div><div class="gmail_signature">Tom</div>' +
        '<div class="gmail_quote"><blockquote class="gmail_quote">Old teh text</blockquote></div>',
    );
    expect(readEditable(gmail).text).toBe('Thanks a lot.\n');
    const outlook = host(
      '<div>Thanks.</div><div id="Signature">Tom</div><div id="appendonsend"></div><hr>' +
        '<div id="divRplyFwdMsg">From: Anna</div><div>Old teh text</div>',
    );
    expect(readEditable(outlook).text).toBe('Thanks.\n');
    const cite = host(
      '<p>New.</p><div class="moz-cite-prefix">Anna wrote:</div><blockquote type="cite">Old</blockquote>',
    );
    expect(readEditable(cite).text).toBe('New.\n');
  });
});

describe('narrowEdit', () => {
  it('keeps the characters a replacement shares with the words at either end', () => {
    const text = 'Send the adress list.';
    expect(narrowEdit(text, { start: 9, end: 15, text: 'address' })).toEqual({ start: 11, end: 11, text: 'd' });
    expect(narrowEdit('teh', { start: 0, end: 3, text: 'the' })).toEqual({ start: 1, end: 3, text: 'he' });
    expect(narrowEdit('a b', { start: 0, end: 3, text: 'a b' })).toEqual({ start: 3, end: 3, text: '' });
    expect(narrowEdit('aa', { start: 0, end: 2, text: 'a' })).toEqual({ start: 1, end: 2, text: '' });
  });

  it('a change at the start of a bold word lands inside it, so the word stays bold', () => {
    const el = host('Send the <b>adress</b> list.');
    applyToEditable(el, [{ start: 9, end: 15, text: 'address' }]);
    expect(el.innerHTML).toBe('Send the <b>address</b> list.');
  });
});

describe('applyToEditable', () => {
  it('changes words in text nodes and keeps the formatting around them', () => {
    const el = host('<p>I will <b>certainly</b> recieve teh <i>parcel</i> today.</p>');
    acceptAll(el, 'I will certainly receive the parcel today.\n');
    expect(el.innerHTML).toBe('<p>I will <b>certainly</b> receive the <i>parcel</i> today.</p>');
  });

  it('keeps a changed word inside its own formatting', () => {
    const el = host('<p>Please <b>recieve</b> it.</p>');
    acceptAll(el, 'Please receive it.\n');
    expect(el.innerHTML).toBe('<p>Please <b>receive</b> it.</p>');
  });

  it('applies one change and leaves the others', () => {
    const el = host('<p>teh one and teh other</p>');
    const original = readEditable(el).text;
    const { changes } = buildDiff(original, 'the one and the other\n');
    applyToEditable(el, editsToAccept(changes, new Set(), [1]));
    expect(readEditable(el).text).toBe('teh one and the other\n');
  });

  it('undoes applied changes back to the original text and markup', () => {
    const el = host('<p>Teh <b>cat</b> sat, and teh dog.</p><p>Second recieve.</p>');
    const before = el.innerHTML;
    const { changes, all } = acceptAll(el, 'The cat sat and the dog.\nSecond receive.\n');
    expect(readEditable(el).text).toBe('The cat sat and the dog.\nSecond receive.\n');
    applyToEditable(el, editsToRevert(changes, all));
    expect(el.innerHTML).toBe(before);
  });

  it('reports the change with an input event', () => {
    const el = host('teh');
    let inputs = 0;
    el.addEventListener('input', () => inputs++);
    acceptAll(el, 'the');
    expect(el.textContent).toBe('the');
    expect(inputs).toBeGreaterThan(0);
  });
});

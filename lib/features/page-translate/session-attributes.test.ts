// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { harness, PLAN, setUpSessions } from './session-testing.ts';

setUpSessions();

const PAGE =
  '<p>Read <a id="a" href="#x" title="Opens the guide in full">the guide</a> now.</p>' +
  '<p><button id="b" aria-label="Close the panel">x</button> <input placeholder="Your name"></p>' +
  '<p><img id="i" src="/boat.png" alt="A boat on the lake"></p>';

/** The page, with its image still loading (happy-dom loads none: it would count as broken). */
function page() {
  document.body.innerHTML = PAGE;
  Object.defineProperty(document.getElementById('i'), 'complete', { value: false });
}

const attrTexts = (h: ReturnType<typeof harness>) =>
  h
    .segments()
    .filter((s) => s.group === 'attr')
    .map((s) => s.text)
    .sort();

describe('PageSession: attributes when they are shown', () => {
  it('sends the page and the placeholders of its fields, not its tooltips, labels and pictures', async () => {
    page();
    const h = harness();
    await h.session.translate();
    expect(attrTexts(h)).toEqual(['Your name']);
    expect(h.segments().filter((s) => s.group === 'html')).toHaveLength(2);
    // Held tooltips are not parts waiting to be read: the page is done once its text is.
    await h.answerAll();
    expect(h.session.view().progress.waiting).toBeUndefined();
  });

  it('sends screen-reader labels with the page when the person chose it', async () => {
    page();
    const h = harness({ ...PLAN, labelsWithPage: true });
    await h.session.translate();
    expect(attrTexts(h)).toEqual(['Close the panel', 'Your name']);
  });

  it("a page's own pointer, focus and error events spend nothing", async () => {
    page();
    const h = harness();
    await h.session.translate();
    const before = h.segments().length;
    for (const el of document.querySelectorAll('*')) {
      el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      el.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      el.dispatchEvent(new Event('error'));
    }
    expect(h.segments()).toHaveLength(before);
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { PageTranslation } from './restore.ts';
import { segment } from './segment.ts';
import { upper } from './test-translate.ts';
import type { AttrUnit, TextUnit } from './types.ts';
import { PageWatcher, rescanAfter } from './watch.ts';

/**
 * DOM clobbering: a form's controls answer for the form's own members by name or id. Browsers do
 * this for every form (WebIDL `[LegacyOverrideBuiltIns]`), in every world, so a content script that
 * reads `form.parentNode` gets `<input name="parentNode">`. happy-dom does not, so `clobber` below
 * does it the browsers' way: each control's name and id becomes an own property of its form that
 * returns the control to script, while the DOM's own code (happy-dom's, as the browser's native
 * code) still sees the real member. Script reads are counted: a walk that trusted them would go
 * round in circles, and the count turns that into a failure instead of a hung test.
 */

/** Every member a page can shadow on a form: the form's prototypes, as this DOM has them. */
function memberNames(): string[] {
  const names = new Set<string>();
  for (const proto of [
    EventTarget.prototype,
    Node.prototype,
    Element.prototype,
    HTMLElement.prototype,
    HTMLFormElement.prototype,
  ]) {
    for (const name of Object.getOwnPropertyNames(proto)) names.add(name);
  }
  return [...names].sort();
}

const MAX_READS = 500;

/** happy-dom's own proxy around forms answers `length` before any property: it cannot be shadowed here. */
const NOT_EMULATED = new Set(['length']);

interface Clobbered {
  /** Reads of a shadowed member, per name. */
  readonly reads: Map<string, number>;
}

/** Whether the DOM implementation itself asks (past happy-dom's own proxy around forms). */
function askedByTheDom(): boolean {
  const frames = (new Error().stack ?? '').split('\n').slice(3);
  const caller = frames.find((frame) => !frame.includes('html-form-element/HTMLFormElement')) ?? '';
  return caller.includes('/happy-dom/');
}

/** The member as the form's prototypes define it. */
function realMember(form: HTMLFormElement, name: string): PropertyDescriptor | undefined {
  for (let p = Object.getPrototypeOf(form) as object | null; p; p = Object.getPrototypeOf(p) as object | null) {
    const found = Object.getOwnPropertyDescriptor(p, name);
    if (found) return found;
  }
  return undefined;
}

function clobber(form: HTMLFormElement): Clobbered {
  const reads = new Map<string, number>();
  for (const control of Array.from(form.querySelectorAll('input'))) {
    for (const name of [control.getAttribute('name'), control.getAttribute('id')]) {
      if (!name) continue;
      const real = realMember(form, name);
      Object.defineProperty(form, name, {
        configurable: true,
        get(this: HTMLFormElement) {
          if (askedByTheDom()) return real?.get ? real.get.call(this) : real?.value;
          const n = (reads.get(name) ?? 0) + 1;
          reads.set(name, n);
          if (n > MAX_READS) throw new Error(`form.${name} read ${n} times: a walk that never ends`);
          return control;
        },
      });
    }
  }
  return { reads };
}

/** Paragraphs before, inside and after a form whose controls carry `name`. */
function pageWith(name: string): { forms: HTMLFormElement[]; original: string } {
  const attr = name.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  document.body.innerHTML = `
    <p>Before the forms.</p>
    <form title="The named form">Text in the named form <input name="${attr}" placeholder="Your name"> ends here.<p>Inside the named form.</p></form>
    <p>Between the forms.</p>
    <form><div><p>Inside the id form.</p><input id="${attr}" placeholder="Your id"></div>Text in the id form.</form>
    <p>After the forms.</p>`;
  const forms = Array.from(document.body.querySelectorAll('form'));
  return { forms, original: document.body.innerHTML };
}

const TEXTS = [
  'Before the forms.',
  'Text in the named form <img id="v1"> ends here.',
  'Inside the named form.',
  'Between the forms.',
  'Inside the id form.',
  'Text in the id form.',
  'After the forms.',
];
const ATTRS = ['The named form', 'Your name', 'Your id'];

const textUnits = (units: ReturnType<typeof segment>['units']) => units.filter((u): u is TextUnit => u.kind === 'text');
const attrUnits = (units: ReturnType<typeof segment>['units']) => units.filter((u): u is AttrUnit => u.kind === 'attr');

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a page that names form controls after DOM members', () => {
  const names = memberNames();

  it('is tested with every member name of the form prototypes', () => {
    // Guards the list itself: the names that stopped page translation are among them.
    for (const name of ['parentNode', 'firstChild', 'nextSibling', 'nodeType', 'childNodes', 'textContent'])
      expect(names).toContain(name);
    for (const name of ['localName', 'tagName', 'getAttribute', 'matches', 'closest', 'querySelectorAll'])
      expect(names).toContain(name);
    for (const name of ['attributes', 'shadowRoot', 'insertBefore', 'removeChild', 'isConnected'])
      expect(names).toContain(name);
    expect(names.length).toBeGreaterThan(150);
  });

  it.each(names)('%s: every paragraph is cut, translated and restored exactly', (name) => {
    const { forms, original } = pageWith(name);
    const clobbered = forms.map(clobber);
    // The page really is clobbered (for names the form answers at all).
    const input = document.body.querySelector('input');
    if (!NOT_EMULATED.has(name)) expect((forms[0] as unknown as Record<string, unknown>)[name]).toBe(input);
    clobbered[0]!.reads.clear();

    const { units } = segment(document.body, { targetLang: 'DE' });
    expect(textUnits(units).map((u) => u.source)).toEqual(TEXTS);
    expect(attrUnits(units).map((u) => u.original)).toEqual(ATTRS);

    // Each form cut on its own, as page translation cuts the blocks on screen first.
    const [named, withId] = forms.map((form) => segment(form, { targetLang: 'DE' }).units);
    expect(textUnits(named!).map((u) => u.source)).toEqual(TEXTS.slice(1, 3));
    expect(attrUnits(named!).map((u) => u.original)).toEqual(ATTRS.slice(0, 2));
    expect(textUnits(withId!).map((u) => u.source)).toEqual(TEXTS.slice(4, 6));
    expect(attrUnits(withId!).map((u) => u.original)).toEqual(ATTRS.slice(2));

    const store = new PageTranslation({ targetLang: 'DE' });
    for (const unit of units) expect(store.apply(unit, upper(unit.source))).toBe('applied');
    const paragraphs = Array.from(document.body.querySelectorAll('p')).map((p) => p.textContent);
    expect(paragraphs).toEqual([
      'BEFORE THE FORMS.',
      'INSIDE THE NAMED FORM.',
      'BETWEEN THE FORMS.',
      'INSIDE THE ID FORM.',
      'AFTER THE FORMS.',
    ]);
    expect(Element.prototype.getAttribute.call(forms[0], 'title')).toBe('THE NAMED FORM');
    expect(input!.getAttribute('placeholder')).toBe('YOUR NAME');

    store.setMode('bilingual');
    expect(document.body.querySelectorAll('[data-verso-bilingual]').length).toBe(TEXTS.length);
    store.setMode('translated');
    store.clear();
    expect(document.body.innerHTML).toBe(original);
    // Verso never read a shadowed member (happy-dom itself reads none of them either).
    expect(clobbered.flatMap((c) => [...c.reads.keys()])).toEqual([]);
  });

  it('follows changes inside a clobbered form without walking in circles', () => {
    const { forms } = pageWith('parentNode');
    forms.forEach(clobber);
    const store = new PageTranslation({ targetLang: 'DE' });
    for (const unit of segment(document.body, { targetLang: 'DE' }).units) store.apply(unit, upper(unit.source));
    const inside = forms[0]!.querySelector('p')!;
    inside.textContent = 'Changed by the page.';
    const roots = rescanAfter({ added: [], texts: [inside.firstChild!], containers: [inside], attributes: [] }, store);
    expect(roots).toEqual([inside]);
    const again = segment(roots[0]!, { targetLang: 'DE', claims: store }).units;
    expect(textUnits(again).map((u) => u.source)).toEqual(['Changed by the page.']);
    // The watcher's own reads of new nodes (Verso's lines, shadow roots) go through the prototypes too.
    const seen: unknown[] = [];
    const watcher = new PageWatcher({ onChange: (change) => seen.push(change) });
    watcher.observe(document.body);
    forms[1]!.append('More text.');
    watcher.flush();
    watcher.disconnect();
    expect(seen).toHaveLength(1);
  });
});

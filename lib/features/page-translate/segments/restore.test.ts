// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BILINGUAL_CLASS } from './bilingual.ts';
import { PageTranslation } from './restore.ts';
import { segment } from './segment.ts';
import { translateWith } from './test-translate.ts';

const PAGE = `
<header><nav><a href="/">Home</a> | <a href="/about" title="About us">About</a></nav></header>
<main id="main">
  <h1>Welcome to <em>our</em> site</h1>
  <div class="intro">Some intro text
    <p>A paragraph with a <a id="link" href="/x" onclick="void 0">link</a> and <strong>strong <i>nested</i></strong> words.<!-- note --></p>
    trailing text <span class="notranslate">Brand</span></div>
  <ul><li>One</li><li>Two <code>x()</code></li></ul>
  <table><tbody><tr><td>Cell</td><td>42</td></tr></tbody></table>
  <p translate="no">Kept as is</p>
  <img alt="Picture of a dog" src="dog.png"><input placeholder="Type here">
  <pre>code block</pre><script>var a = 1;</script>
</main>`;

const allNodes = (root: Node): Node[] => {
  const out: Node[] = [];
  const walker = document.createTreeWalker(root, 0xffffffff);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n);
  return out;
};

const translatePage = (mode?: 'translated' | 'bilingual') => {
  const store = new PageTranslation({ targetLang: 'DE', mode });
  const { units } = segment(document.body, { targetLang: 'DE' });
  for (const [unit, html] of translateWith(units)) expect(store.apply(unit, html)).toBe('applied');
  return { store, units };
};

let original = '';
let originalNodes: Node[] = [];

beforeEach(() => {
  document.body.innerHTML = PAGE;
  original = document.body.innerHTML;
  originalNodes = allNodes(document.body);
});

describe('restore', () => {
  it('gives back exactly the original markup and the very same nodes', () => {
    expect(originalNodes.length).toBeGreaterThan(60);
    const { store } = translatePage();
    expect(document.body.innerHTML).not.toBe(original);
    expect(document.body.innerHTML).toContain('WELCOME TO <em>OUR</em> SITE');
    store.setMode('original');
    expect(document.body.innerHTML).toBe(original);
    expect(allNodes(document.body)).toEqual(originalNodes);
  });

  it('keeps a link and its listener working after translating and after restoring', () => {
    const link = document.getElementById('link')!;
    const onClick = vi.fn();
    link.addEventListener('click', onClick);
    const { store } = translatePage();
    expect(document.getElementById('link')).toBe(link);
    expect(link.textContent).toBe('LINK');
    link.click();
    store.setMode('original');
    expect(document.getElementById('link')).toBe(link);
    expect(link.textContent).toBe('link');
    document.getElementById('link')!.click();
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('restores attributes too', () => {
    const { store } = translatePage();
    const img = document.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('PICTURE OF A DOG');
    expect(document.querySelector('[title]')!.getAttribute('title')).toBe('ABOUT US');
    store.setMode('original');
    expect(img.getAttribute('alt')).toBe('Picture of a dog');
    expect(document.body.innerHTML).toBe(original);
  });

  it('shows the translation again without asking the service a second time', () => {
    const { store } = translatePage();
    const translated = document.body.innerHTML;
    const apply = vi.spyOn(store, 'apply');
    store.setMode('original');
    store.setMode('translated');
    expect(document.body.innerHTML).toBe(translated);
    store.setMode('original');
    expect(document.body.innerHTML).toBe(original);
    expect(apply).not.toHaveBeenCalled();
  });

  it('leaves skipped content untouched in every mode', () => {
    const { store } = translatePage();
    expect(document.querySelector('pre')!.textContent).toBe('code block');
    expect(document.querySelector('[translate="no"]')!.textContent).toBe('Kept as is');
    expect(document.querySelector('.notranslate')!.textContent).toBe('Brand');
    expect(document.querySelector('code')!.textContent).toBe('x()');
    store.setMode('bilingual');
    expect(document.querySelector('pre')!.textContent).toBe('code block');
  });

  it('clear() restores and forgets, so a new pass finds everything again', () => {
    const { store, units } = translatePage();
    store.clear();
    expect(document.body.innerHTML).toBe(original);
    expect(store.size).toBe(0);
    expect(segment(document.body, { targetLang: 'DE', claims: store }).units).toHaveLength(units.length);
  });

  it('answers claims for translated content, so a second pass skips it', () => {
    const { store } = translatePage();
    expect(segment(document.body, { targetLang: 'DE', claims: store }).units).toEqual([]);
  });

  it('cuts an over-long run between lines and puts it all back exactly', () => {
    const lines = Array.from({ length: 40 }, (_, i) => `Line number ${i} of a long post.<br>`).join('\n');
    document.body.innerHTML = `<div id="post">${lines}<b>Bold</b> ending</div>`;
    const before = document.body.innerHTML;
    const store = new PageTranslation({ targetLang: 'DE' });
    const { units } = segment(document.body, { targetLang: 'DE', maxUnitChars: 200 });
    expect(units.length).toBeGreaterThan(5);
    for (const unit of units) expect(unit.chars).toBeLessThanOrEqual(200);
    // Every piece starts on a new line: the cuts fell after line breaks.
    for (const unit of units.slice(1)) expect(unit.source).toMatch(/^Line number \d+/);
    for (const [unit, html] of translateWith(units)) expect(store.apply(unit, html)).toBe('applied');
    expect(document.getElementById('post')!.textContent).toBe(
      document.getElementById('post')!.textContent!.toUpperCase(),
    );
    store.setMode('bilingual');
    store.setMode('original');
    expect(document.body.innerHTML).toBe(before);
  });

  it('skips its own bilingual lines on a later pass', () => {
    const { store } = translatePage('bilingual');
    expect(segment(document.body, { targetLang: 'DE', claims: store }).units).toEqual([]);
    expect(segment(document.body, { targetLang: 'DE' }).units.some((u) => u.source.startsWith('WELCOME'))).toBe(false);
  });

  it('translates and restores content inside open shadow roots exactly', () => {
    const host = document.createElement('x-card');
    document.body.append(host);
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<h2>Card <b>title</b></h2>Loose <a href="/s">shadow link</a> text<slot></slot>';
    host.innerHTML = '<p>Slotted text</p>';
    const before = shadow.innerHTML;
    const bodyBefore = document.body.innerHTML;
    const link = shadow.querySelector('a')!;
    const { store } = translatePage();
    expect(shadow.innerHTML).toBe(
      '<h2 lang="de">CARD <b>TITLE</b></h2>LOOSE <a href="/s">SHADOW LINK</a> TEXT<slot></slot>',
    );
    // Text directly in the shadow root: its host says the language.
    expect(host.getAttribute('lang')).toBe('de');
    expect(host.innerHTML).toBe('<p lang="de">SLOTTED TEXT</p>');
    store.setMode('bilingual');
    expect(shadow.querySelectorAll(`.${BILINGUAL_CLASS}`)).toHaveLength(2);
    store.setMode('original');
    expect(shadow.innerHTML).toBe(before);
    expect(document.body.innerHTML).toBe(bodyBefore);
    expect(shadow.querySelector('a')).toBe(link);
  });

  it('forgets units the page removed, without touching the rest', () => {
    const { store } = translatePage();
    const size = store.size;
    document.querySelector('table')!.remove();
    store.prune();
    expect(store.size).toBe(size - 1);
    store.setMode('original');
    expect(document.querySelector('h1')!.textContent).toBe('Welcome to our site');
  });

  it('applies and switches in slices', async () => {
    const store = new PageTranslation({ targetLang: 'DE' });
    const { units } = segment(document.body, { targetLang: 'DE' });
    let yields = 0;
    const slicing = { now: () => 0, sliceMs: 0, yieldNow: async () => void yields++ };
    const counts = await store.applyAll(translateWith(units), slicing);
    expect(counts).toEqual({ applied: units.length, stale: 0, empty: 0 });
    await store.setModeSliced('original', slicing);
    expect(document.body.innerHTML).toBe(original);
    expect(yields).toBeGreaterThan(units.length);
  });
});

describe('bilingual', () => {
  it('adds the translation under each block, from clones without ids or handlers', () => {
    const { units } = translatePage('bilingual');
    const lines = document.querySelectorAll(`.${BILINGUAL_CLASS}`);
    expect(lines).toHaveLength(units.filter((u) => u.kind === 'text').length);
    for (const line of lines) {
      expect(line.getAttribute('lang')).toBe('de');
      expect(line.querySelectorAll('[id],[onclick]')).toHaveLength(0);
    }
    const ids = Array.from(document.querySelectorAll('[id]'), (el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The original is shown as it was, the translation right after it.
    const paragraph = document.querySelector('.intro p')!;
    expect(paragraph.innerHTML).toContain('A paragraph with a <a id="link" href="/x" onclick="void 0">link</a>');
    expect(paragraph.lastElementChild!.innerHTML).toBe(
      'A PARAGRAPH WITH A <a href="/x">LINK</a> AND <strong>STRONG <i>NESTED</i></strong> WORDS.',
    );
    expect(document.querySelector('h1')!.lastElementChild!.textContent).toBe('WELCOME TO OUR SITE');
  });

  it('is removed exactly, from any mode to any other', () => {
    const { store } = translatePage('bilingual');
    const bilingual = document.body.innerHTML;
    store.setMode('original');
    expect(document.body.innerHTML).toBe(original);
    expect(allNodes(document.body)).toEqual(originalNodes);
    store.setMode('translated');
    store.setMode('bilingual');
    expect(document.body.innerHTML).toBe(bilingual);
    store.setMode('translated');
    expect(document.querySelectorAll(`.${BILINGUAL_CLASS}`)).toHaveLength(0);
    store.setMode('original');
    expect(document.body.innerHTML).toBe(original);
  });

  it('keeps attributes original beside the bilingual lines', () => {
    translatePage('bilingual');
    expect(document.querySelector('img')!.getAttribute('alt')).toBe('Picture of a dog');
  });

  it('sets a direction for right-to-left targets', () => {
    document.body.innerHTML = '<p>Hello</p>';
    const store = new PageTranslation({ targetLang: 'AR', mode: 'bilingual' });
    const [unit] = segment(document.body, { targetLang: 'AR' }).units;
    store.apply(unit!, 'مرحبا');
    expect(document.querySelector(`.${BILINGUAL_CLASS}`)!.getAttribute('dir')).toBe('rtl');
  });
});

describe('plan, then commit', () => {
  it('plans without writing to the page, and commits to what apply shows', () => {
    const store = new PageTranslation({ targetLang: 'DE' });
    const { units } = segment(document.body, { targetLang: 'DE' });
    const planned = translateWith(units).map(([unit, html]) => store.plan(unit, html));
    expect(document.body.innerHTML).toBe(original);
    for (const item of planned) expect(store.commit(item)).toBe('applied');
    const committed = document.body.innerHTML;
    expect(committed).toContain('WELCOME TO <em>OUR</em> SITE');

    document.body.innerHTML = PAGE;
    translatePage();
    expect(document.body.innerHTML).toBe(committed);
  });

  it('finds a unit the page changed between the two stale, and writes nothing to it', () => {
    const store = new PageTranslation({ targetLang: 'DE' });
    const { units } = segment(document.body, { targetLang: 'DE' });
    const heading = units.find((unit) => unit.kind === 'text' && unit.source.startsWith('Welcome'))!;
    const planned = store.plan(heading, translateWith([heading])[0]![1]);
    document.querySelector('h1 em')!.textContent = 'their';
    expect(store.commit(planned)).toBe('stale');
    expect(document.querySelector('h1')!.textContent).toBe('Welcome to their site');
  });

  it('restores exactly after commits', () => {
    const store = new PageTranslation({ targetLang: 'DE' });
    const { units } = segment(document.body, { targetLang: 'DE' });
    for (const [unit, html] of translateWith(units)) store.commit(store.plan(unit, html));
    store.setMode('original');
    expect(document.body.innerHTML).toBe(original);
    expect(allNodes(document.body)).toEqual(originalNodes);
  });
});

describe('the language of translated blocks', () => {
  const cut = (root: Element) => segment(root, { targetLang: 'DE', attributes: false }).units;

  it('marks each block showing a translation, keeps its own lang for later passes, and puts it back', () => {
    document.body.innerHTML =
      '<div id="d" lang="fr">Before the list <ul><li id="li">Item</li></ul> after the list</div><pre id="pre">code</pre>';
    const div = document.getElementById('d')!;
    const li = document.getElementById('li')!;
    const store = new PageTranslation({ targetLang: 'DE' });
    const units = cut(document.body);
    for (const [unit, html] of translateWith(units)) store.apply(unit, html);
    expect(div.getAttribute('lang')).toBe('de');
    expect(li.getAttribute('lang')).toBe('de');
    // What Verso did not translate says nothing new, and the root keeps its own.
    expect(document.getElementById('pre')!.hasAttribute('lang')).toBe(false);
    expect(document.documentElement.hasAttribute('lang')).toBe(false);

    // A pass over content the page adds later judges it by the lang the page declared ("fr").
    const added = document.createElement('p');
    added.textContent = 'A new comment';
    div.append(added);
    expect(segment(added, { targetLang: 'DE' }).units.map((u) => u.kind === 'text' && u.source)).toEqual([
      'A new comment',
    ]);
    added.remove();

    store.setMode('original');
    expect(div.getAttribute('lang')).toBe('fr');
    expect(li.hasAttribute('lang')).toBe(false);
    store.setMode('translated');
    expect(div.getAttribute('lang')).toBe('de');
  });

  it('keeps the mark while one of a block’s units still shows a translation, and a lang the page set', () => {
    document.body.innerHTML = '<div id="d">Before the list <ul><li>Item</li></ul> after the list</div>';
    const div = document.getElementById('d')!;
    const store = new PageTranslation({ targetLang: 'DE' });
    const units = cut(document.body);
    for (const [unit, html] of translateWith(units)) store.apply(unit, html);
    // The page rewrites the first run: that unit goes back to the page, the other still shows German.
    const first = div.firstChild as Text;
    first.data = 'Changed by the page ';
    store.release([first]);
    expect(div.getAttribute('lang')).toBe('de');
    // The page says its own language meanwhile: "Show original" leaves it.
    div.setAttribute('lang', 'fr');
    store.setMode('original');
    expect(div.getAttribute('lang')).toBe('fr');
  });

  it('leaves the page lang alone in the bilingual view, whose lines carry theirs', () => {
    document.body.innerHTML = '<p id="p" lang="en">Four boats rowed out.</p>';
    const store = new PageTranslation({ targetLang: 'DE', mode: 'bilingual' });
    for (const [unit, html] of translateWith(cut(document.body))) store.apply(unit, html);
    expect(document.getElementById('p')!.getAttribute('lang')).toBe('en');
    expect(document.querySelector(`.${BILINGUAL_CLASS}`)?.getAttribute('lang')).toBe('de');
  });
});

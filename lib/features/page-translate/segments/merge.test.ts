// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { planFromResponse } from './plan.ts';
import { PageTranslation } from './restore.ts';
import { segment } from './segment.ts';
import { translateWith, upper } from './test-translate.ts';
import type { TextUnit } from './types.ts';

const page = (html: string): HTMLElement => {
  document.body.innerHTML = html;
  return document.body;
};

const textUnits = (root: HTMLElement): TextUnit[] =>
  segment(root, { targetLang: 'DE', attributes: false }).units.filter((u): u is TextUnit => u.kind === 'text');

/** Every element of the page with its attributes, to prove a merge created or changed none. */
const snapshot = (root: Element) =>
  Array.from(root.querySelectorAll('*')).map((el) => ({
    el,
    attrs: Array.from(el.attributes)
      .map((a) => `${a.name}=${a.value}`)
      .join(' '),
  }));

const onlyUnit = (root: HTMLElement): TextUnit => {
  const [unit] = textUnits(root);
  if (!unit) throw new Error('no unit');
  return unit;
};

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('merge', () => {
  it('puts translated text into the page and keeps every element, with its listeners', () => {
    const root = page('<p>Read <a href="/docs" class="x">the <b>fine</b> manual</a> today.</p>');
    const link = root.querySelector('a')!;
    const bold = root.querySelector('b')!;
    const onClick = vi.fn();
    link.addEventListener('click', onClick);
    const store = new PageTranslation({ targetLang: 'DE' });
    for (const [unit, html] of translateWith(textUnits(root))) expect(store.apply(unit, html)).toBe('applied');
    // The block says its new language; nothing else changes.
    expect(root.innerHTML).toBe('<p lang="de">READ <a href="/docs" class="x">THE <b>FINE</b> MANUAL</a> TODAY.</p>');
    expect(root.querySelector('a')).toBe(link);
    expect(root.querySelector('b')).toBe(bold);
    link.click();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('reuses the original text nodes where it can, so code holding them still reaches the page', () => {
    const root = page('<p>Hello <b>big</b> world</p>');
    const first = root.querySelector('p')!.firstChild as Text;
    new PageTranslation({ targetLang: 'DE' }).apply(onlyUnit(root), 'Hallo <b id="v1">große</b> Welt');
    expect(root.querySelector('p')!.firstChild).toBe(first);
    expect(first.data).toBe('Hallo ');
  });

  it('follows the order of the translation: elements move, they are not copied', () => {
    const root = page('<p>The <b>red</b> <i>car</i></p>');
    const [b, i] = [root.querySelector('b')!, root.querySelector('i')!];
    new PageTranslation({ targetLang: 'FR' }).apply(onlyUnit(root), 'La <i id="v2">voiture</i> <b id="v1">rouge</b>');
    expect(root.innerHTML).toBe('<p lang="fr">La <i>voiture</i> <b>rouge</b></p>');
    expect(root.querySelector('b')).toBe(b);
    expect(root.querySelector('i')).toBe(i);
  });

  it('gives back line breaks, images and code placeholders as the same nodes', () => {
    const root = page('<p>Run <code>npm ci</code> first<br>then <img src="x.png" alt="">go</p>');
    const [code, br, img] = [root.querySelector('code'), root.querySelector('br'), root.querySelector('img')];
    const unit = onlyUnit(root);
    expect(unit.source).toBe('Run <img id="v1"> first<br id="v2">then <img id="v3">go');
    new PageTranslation({ targetLang: 'DE' }).apply(
      unit,
      'Zuerst <img id="v1"> ausführen<br id="v2">dann <img id="v3">los',
    );
    expect(root.innerHTML).toBe(
      '<p lang="de">Zuerst <code>npm ci</code> ausführen<br>dann <img src="x.png" alt="">los</p>',
    );
    expect([root.querySelector('code'), root.querySelector('br'), root.querySelector('img')]).toEqual([code, br, img]);
  });

  it('puts back spaces the service trimmed, so words do not glue to the next block', () => {
    const root = page('<div>Intro text <p>Para</p> outro text</div>');
    const store = new PageTranslation({ targetLang: 'DE' });
    const [intro, , outro] = textUnits(root);
    store.apply(intro!, 'Einleitung');
    store.apply(outro!, 'Schluss');
    expect(root.querySelector('div')!.innerHTML).toBe('Einleitung <p>Para</p> Schluss');
  });

  it('keeps an element the translation lost, with its original text, next to its old neighbour', () => {
    const root = page('<p><a href="/a">Alpha</a> and <a href="/b">Beta</a> and <em>Gamma</em></p>');
    const store = new PageTranslation({ targetLang: 'DE' });
    store.apply(onlyUnit(root), '<a id="v1">ALPHA</a> und <em id="v3">GAMMA</em>');
    expect(root.querySelector('p')!.innerHTML).toBe('<a href="/a">ALPHA</a><a href="/b">Beta</a> und <em>GAMMA</em>');
  });

  it('leaves the page alone when the answer has no text', () => {
    const root = page('<p>Keep <b>me</b></p>');
    const before = root.innerHTML;
    expect(new PageTranslation({ targetLang: 'DE' }).apply(onlyUnit(root), ' <b id="v1"></b> ')).toBe('empty');
    expect(root.innerHTML).toBe(before);
  });

  it('refuses a unit the page changed since it was cut', () => {
    const root = page('<p>Counter: <b>one</b></p>');
    const unit = onlyUnit(root);
    (root.querySelector('b')!.firstChild as Text).data = 'two';
    expect(new PageTranslation({ targetLang: 'DE' }).apply(unit, upper(unit.source))).toBe('stale');
    expect(root.querySelector('b')!.textContent).toBe('two');
  });

  it('translates attributes and keeps only the text of whatever came back', () => {
    const root = page('<img src="a.png" alt="A cat"><input placeholder="Name">');
    const store = new PageTranslation({ targetLang: 'DE' });
    const units = segment(root, { targetLang: 'DE' }).units;
    store.apply(units[0]!, '<b onclick="x()">Eine</b> Katze<script>alert(1)</script>');
    store.apply(units[1]!, 'Name &amp; Vorname');
    expect(root.querySelector('img')!.getAttribute('alt')).toBe('Eine Katze');
    expect(root.querySelector('input')!.getAttribute('placeholder')).toBe('Name & Vorname');
  });
});

describe('hostile answers', () => {
  const hostile: Array<[string, string]> = [
    ['a script tag', 'Hello <script>window.__pwned = 1</script><a id="v1">link</a>'],
    ['an image with onerror', '<img src=x onerror="window.__pwned=1">Hello <a id="v1">link</a>'],
    ['a known id on an image with onerror', 'Hello <a id="v1">link</a><img id="v2" src=x onerror="window.__pwned=1">'],
    ['a javascript: link without id', 'Hello <a href="javascript:window.__pwned=1">click</a> <a id="v1">link</a>'],
    ['a javascript: href on a known id', 'Hello <a id="v1" href="javascript:window.__pwned=1" onclick="x()">link</a>'],
    ['an unknown id', 'Hello <a id="v9">nine</a> <b id="v77">x</b> <a id="v1">link</a>'],
    ['a duplicated id', 'Hello <a id="v1">link</a> and again <a id="v1">link two</a>'],
    [
      'style attributes and tags',
      '<span style="position:fixed">Hello</span><style>*{display:none}</style> <a id="v1" style="x">link</a>',
    ],
    [
      'a known id with the wrong tag',
      'Hello <script id="v1">alert(1)</script><iframe id="v1" src="https://evil.test"></iframe>',
    ],
    [
      'block markup and forms',
      '<div><form action="https://evil.test"><input name="pw"></form><p>Hello</p></div><a id="v1">link</a>',
    ],
    ['broken markup', 'Hello <a id="v1">li<b>nk</a></b><svg><script>alert(1)</script></svg><!-- c --> &lt;b&gt;'],
    ['an id moved under another element', '<a id="v1">Hello <img id="v2"> link</a>'],
  ];

  it.each(hostile)('never creates an element or attribute from %s', (_name, answer) => {
    const root = page('<p>Hello <a href="/safe" class="c">link</a> <img src="ok.png" alt=""></p>');
    const before = snapshot(root);
    const link = root.querySelector('a')!;
    const store = new PageTranslation({ targetLang: 'DE' });
    const outcome = store.apply(onlyUnit(root), answer);
    expect(['applied', 'empty']).toContain(outcome);
    // Only the block's `lang`, once it shows a translation.
    const paragraph = root.querySelector('p');
    const lang = (entry: (typeof before)[number]) =>
      entry.el === paragraph && outcome === 'applied' ? { ...entry, attrs: 'lang=de' } : entry;
    expect(snapshot(root)).toEqual(before.map(lang));
    expect(root.querySelector('a')).toBe(link);
    expect(root.querySelector('img')!.parentElement).toBe(root.querySelector('p'));
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(root.querySelector('p')!.textContent).not.toMatch(/alert|__pwned|display:none/);
  });

  it('uses a duplicated id once and keeps the second occurrence as plain text', () => {
    const root = page('<p>Hello <a href="/safe">link</a></p>');
    new PageTranslation({ targetLang: 'DE' }).apply(
      onlyUnit(root),
      'Hallo <a id="v1">Link</a> und <a id="v1">nochmal</a>',
    );
    expect(root.querySelector('p')!.innerHTML).toBe('Hallo <a href="/safe">Link</a> und nochmal');
  });

  it('keeps an element in its parent when the answer nests it elsewhere', () => {
    const root = page('<p><b>Bold</b> and <i>italic</i></p>');
    const unit = onlyUnit(root);
    const pieces = planFromResponse(unit, '<b id="v1">Fett und <i id="v2">kursiv</i></b>');
    expect(pieces).toEqual([
      { kind: 'el', ref: 'v1', children: [{ kind: 'text', text: 'Fett und kursiv' }] },
      { kind: 'keep', ref: 'v2' },
    ]);
  });

  it('escaped markup in the answer stays text', () => {
    const root = page('<p>Tags</p>');
    new PageTranslation({ targetLang: 'DE' }).apply(onlyUnit(root), '&lt;img src=x onerror=alert(1)&gt; Tags');
    expect(root.querySelector('p')!.textContent).toBe('<img src=x onerror=alert(1)> Tags');
    expect(root.querySelectorAll('img')).toHaveLength(0);
  });
});

describe('merge: the anchors frameworks keep', () => {
  it('keeps a comment right before the node that followed it (Lit writes into the text after its marker)', () => {
    const root = page('<p id="count"></p>');
    const p = root.querySelector('#count')!;
    // As Lit draws it: the static text, its marker, the value's own text node, the static rest.
    p.append('You liked this boat ', document.createComment('?lit$1$'), '0', ' times so far.');
    const value = p.childNodes[2] as Text;
    const store = new PageTranslation({ targetLang: 'DE' });
    const unit = onlyUnit(root);
    expect(store.apply(unit, upper(unit.source))).toBe('applied');
    expect(p.textContent).toBe('YOU LIKED THIS BOAT 0 TIMES SO FAR.');
    const marker = [...p.childNodes].find((node) => node.nodeType === 8)!;
    // The framework's next write lands in the page's own text node, still right after its marker.
    expect(marker.nextSibling).toBe(value);
    value.data = '1';
    store.release([value]);
    expect(p.innerHTML).toBe('You liked this boat <!--?lit$1$-->1 times so far.');
  });
});

// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { segment, segmentSliced } from './segment.ts';
import type { AttrUnit, TextUnit, Unit } from './types.ts';

const page = (html: string): HTMLElement => {
  document.body.innerHTML = html;
  return document.body;
};
const texts = (units: readonly Unit[]): TextUnit[] => units.filter((u): u is TextUnit => u.kind === 'text');
const attrs = (units: readonly Unit[]): AttrUnit[] => units.filter((u): u is AttrUnit => u.kind === 'attr');
const sources = (root: HTMLElement, targetLang = 'DE'): string[] =>
  texts(segment(root, { targetLang }).units).map((u) => u.source);

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('units', () => {
  it('takes a paragraph with nested inline formatting as one unit, tags reduced to ids', () => {
    const root = page(
      '<p>Read <a href="https://x.test/?q=1" class="btn" onclick="go()">the <b>fine <i>manual</i></b></a> today.</p>',
    );
    const [unit] = texts(segment(root, { targetLang: 'DE' }).units);
    expect(unit?.source).toBe('Read <a id="v1">the <b id="v2">fine <i id="v3">manual</i></b></a> today.');
    expect(unit?.refs.get('v1')?.el).toBe(root.querySelector('a'));
    expect(unit?.parent).toBe(root.querySelector('p'));
  });

  it('never sends page attributes: URLs, classes, styles and handlers stay on the page', () => {
    const root = page(
      '<p>Go <a href="https://secret.test/token" style="color:red" data-x="1" onclick="x()">home</a></p>',
    );
    const source = sources(root).join('');
    expect(source).not.toMatch(/secret|style|data-x|onclick|class|href/);
  });

  it('gives text beside a nested block a unit of its own, on each side', () => {
    const root = page('<div>Before the list <ul><li>First item</li><li>Second item</li></ul> after the list</div>');
    expect(sources(root)).toEqual(['Before the list', 'First item', 'Second item', 'after the list']);
    const units = texts(segment(root, { targetLang: 'DE' }).units);
    expect(units[0]?.trail).toBe(true);
    expect(units[3]?.lead).toBe(true);
  });

  it('cuts only the runs directly inside the root when shallow, and the full pass then leaves them', () => {
    const root = page(
      '<main><h1>Oars</h1><label>Length of the oars <select><option>284 cm</option></select></label> <button>Add</button>' +
        '<p title="Tip">A paragraph <a href="#x">with a <span><div>card</div></span></a></p> loose <b>tail</b></main>',
    );
    const main = root.querySelector('main')!;
    const shallow = segment(main, { targetLang: 'DE', shallow: true, attributes: false }).units;
    expect(texts(shallow).map((u) => u.source)).toEqual([
      '<label id="v1">Length of the oars <img id="v2"></label>',
      'loose <b id="v1">tail</b>',
    ]);
    expect(attrs(shallow)).toEqual([]);
    const held = new WeakSet<Node>(texts(shallow).flatMap((u) => u.nodes));
    const claims = { hasNode: (n: Node) => held.has(n), hasAttribute: () => false };
    expect(texts(segment(root, { targetLang: 'DE', claims }).units).map((u) => u.source)).toEqual([
      'Oars',
      'Add',
      'A paragraph',
      'with a',
      'card',
    ]);
  });

  it('leaves a run with a shadow host to the full pass when shallow, which walks the host too', () => {
    const root = page('<div>Text with a <span id="host"></span> inside<p>Para</p></div>');
    root.querySelector('#host')!.attachShadow({ mode: 'open' }).innerHTML = '<b>Shadow words</b>';
    const div = root.querySelector('div')!;
    expect(texts(segment(div, { targetLang: 'DE', shallow: true }).units)).toEqual([]);
  });

  it('makes each table cell a unit and leaves number-only cells alone', () => {
    const root = page(
      '<table><thead><tr><th>Name</th><th>Price</th></tr></thead><tbody><tr><td>Apple pie</td><td>3.50</td></tr><tr><td>Tea</td><td>— 2 —</td></tr></tbody></table>',
    );
    expect(sources(root)).toEqual(['Name', 'Price', 'Apple pie', 'Tea']);
  });

  it('splits nested lists into the item text and the inner items', () => {
    const root = page(
      '<ol><li>Step one<ol><li>Sub step a</li><li>Sub step b</li></ol></li><li>Step <em>two</em></li></ol>',
    );
    expect(sources(root)).toEqual(['Step one', 'Sub step a', 'Sub step b', 'Step <em id="v1">two</em>']);
  });

  it('treats an inline element that holds blocks (a card link) as a container', () => {
    const root = page('<a href="/post"><h3>Post title</h3><p>Teaser text</p>Read more</a>');
    expect(sources(root)).toEqual(['Post title', 'Teaser text', 'Read more']);
  });

  it('escapes text so that markup-looking text stays text', () => {
    const root = page('<p>Use &lt;b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt; wisely</p>');
    expect(sources(root)).toEqual(['Use &lt;b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt; wisely']);
  });

  it('collapses whitespace runs as the browser renders them, keeping nbsp', () => {
    const root = page('<p>\n   Many\n\n   spaces <b>  here </b>  and\u00a0there   </p>');
    const [unit] = texts(segment(root, { targetLang: 'DE' }).units);
    expect(unit?.source).toBe('Many spaces <b id="v1">here </b>and\u00a0there');
    expect(unit?.lead).toBe(true);
    expect(unit?.trail).toBe(true);
    expect(unit?.chars).toBe('Many spaces here and\u00a0there'.length);
  });

  it('counts characters as code points: an emoji is one, and so is a lone surrogate', () => {
    const root = page('<p>Boats 🚣 and \ud83d oars 👩‍👩‍👧</p>');
    const [unit] = texts(segment(root, { targetLang: 'DE' }).units);
    expect(unit?.chars).toBe([...'Boats 🚣 and \ud83d oars 👩‍👩‍👧'].length);
    expect(unit?.chars).toBe(24);
  });

  it('keeps whitespace where the block renders it as is', () => {
    const root = page('<p>Line one\n  Line two</p>');
    const { units } = segment(root, { targetLang: 'DE', keepsWhitespace: () => true });
    expect(texts(units)[0]?.source).toBe('Line one\n  Line two');
  });

  it('sends line breaks and images as empty placeholders', () => {
    const root = page('<p>Street 1<br>Town <img src="a.png" alt=""> centre</p>');
    expect(sources(root)).toEqual(['Street 1<br id="v1">Town <img id="v2"> centre']);
  });

  it('sends inline elements without letters (icons, counts) as one placeholder', () => {
    const root = page('<p><a href="/"><i class="icon"></i> Home</a> <span class="badge">12</span> new</p>');
    expect(sources(root)).toEqual(['<a id="v1"><img id="v2"> Home</a> <img id="v3"> new']);
  });

  it('uses span for a link inside a link, which the HTML parser would split', () => {
    const root = page('<p>x</p>');
    const outer = document.createElement('a');
    outer.append('Outer ');
    const inner = document.createElement('a');
    inner.textContent = 'inner';
    outer.append(inner);
    root.querySelector('p')!.replaceChildren(outer);
    expect(sources(root)).toEqual(['<a id="v1">Outer <span id="v2">inner</span></a>']);
  });

  it('skips text that is only digits, punctuation or space', () => {
    const root = page('<p>2024</p><p> — !? </p><p>  </p><p>12:30 – 14:00</p><p>Open</p>');
    expect(sources(root)).toEqual(['Open']);
  });

  it('counts letters of any script', () => {
    const root = page('<p>日本語のテキスト</p><p>Привет</p>');
    expect(sources(root)).toEqual(['日本語のテキスト', 'Привет']);
  });
});

describe('skipped content', () => {
  it('never sends code, scripts, styles, forms, media or editable content', () => {
    const root = page(`
      <script>var secret = "Hello script";</script><style>.a::after{content:"Hello style"}</style>
      <noscript>Hello noscript</noscript><template><p>Hello template</p></template>
      <pre>Hello pre</pre><textarea>Hello textarea</textarea><select><option>Hello option</option></select>
      <div contenteditable="true"><p>Hello editor</p></div><svg><text>Hello svg</text></svg>
      <math><mi>Hello</mi></math><video>Hello video</video><audio>Hello audio</audio><canvas>Hello canvas</canvas>
      <p>Run <code>npm install</code>, then <kbd>Ctrl</kbd>+<samp>Hello samp</samp> now</p>`);
    const all = sources(root);
    expect(all).toEqual(['Run <img id="v1">, then <img id="v2">+<img id="v3"> now']);
  });

  it('keeps a script inside a run with the run but never sends it', () => {
    const root = page('<p>Hello <script>track("x")</script>world<!-- note --></p>');
    const [unit] = texts(segment(root, { targetLang: 'DE' }).units);
    expect(unit?.source).toBe('Hello world');
    expect(unit?.nodes.map((n) => n.nodeName)).toEqual(['#text', 'SCRIPT', '#text']);
  });

  it('honours translate="no", the notranslate class, and translate="yes" inside them', () => {
    const root = page(`
      <p translate="no">Brand name</p><p class="notranslate">Other brand</p>
      <p>Buy <span translate="no">Acme Turbo</span> today</p>
      <div translate="no"><p>Kept</p><p translate="yes">Translated again</p></div>`);
    expect(sources(root)).toEqual(['Buy <img id="v1"> today', 'Translated again']);
  });

  it('skips content already in the target language, comparing base languages case-insensitively', () => {
    const root = page(`
      <p lang="de-AT">Schon Deutsch</p><p lang="DE">Auch Deutsch</p><p lang="en">English text</p>
      <p>Mixed <q lang="de">Zitat</q> sentence</p>`);
    expect(sources(root, 'DE')).toEqual(['English text', 'Mixed <img id="v1"> sentence']);
    expect(sources(root, 'EN-GB')).toEqual(['Schon Deutsch', 'Auch Deutsch', 'Mixed <q id="v1">Zitat</q> sentence']);
  });

  it('inherits lang from ancestors outside the root, and a nested other lang is translated', () => {
    document.documentElement.setAttribute('lang', 'de');
    try {
      const root = page('<p>Deutscher Text</p><blockquote lang="en"><p>An English quote</p></blockquote>');
      expect(sources(root, 'DE')).toEqual(['An English quote']);
      expect(texts(segment(root, { targetLang: 'DE', honourLang: false }).units)).toHaveLength(2);
    } finally {
      document.documentElement.removeAttribute('lang');
    }
  });

  it('skips content already claimed by an earlier pass', () => {
    const root = page('<p>First</p><p>Second</p>');
    const first = root.querySelector('p')!.firstChild!;
    const units = texts(
      segment(root, {
        targetLang: 'DE',
        claims: { hasNode: (n) => n === first, hasAttribute: () => false },
      }).units,
    );
    expect(units.map((u) => u.source)).toEqual(['Second']);
  });
});

describe('attributes', () => {
  it('collects title, alt, placeholder and aria-label, inputs included', () => {
    const root = page(`
      <p title="Paragraph tip">Text</p><img src="a.png" alt="A red bicycle">
      <input type="search" placeholder="Search the site" aria-label="Search">
      <button aria-label="Close dialog">×</button><img alt="2024"><span title="">x</span>`);
    const found = attrs(segment(root, { targetLang: 'DE' }).units).map((u) => [u.name, u.source]);
    expect(found).toEqual([
      ['title', 'Paragraph tip'],
      ['alt', 'A red bicycle'],
      ['placeholder', 'Search the site'],
      ['aria-label', 'Search'],
      ['aria-label', 'Close dialog'],
    ]);
  });

  it('escapes attribute text and skips it under translate="no" or a matching lang', () => {
    const root = page(`
      <abbr title="Fish & <Chips>">F&amp;C</abbr>
      <div translate="no"><img alt="Logo text"></div><img lang="de" alt="Ein Bild">`);
    const found = attrs(segment(root, { targetLang: 'DE' }).units);
    expect(found.map((u) => u.source)).toEqual(['Fish &amp; &lt;Chips&gt;']);
    expect(found[0]?.original).toBe('Fish & <Chips>');
  });

  it('can be switched off', () => {
    const root = page('<img alt="A cat">');
    expect(segment(root, { targetLang: 'DE', attributes: false }).units).toEqual([]);
  });
});

describe('shadow roots', () => {
  it('walks open shadow roots, nested ones too, and reports them', () => {
    const root = page('<div id="host">Light text</div><p>Outside</p>');
    const host = root.querySelector('#host')!;
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<h2>Shadow title</h2><slot></slot><inner-card></inner-card>';
    const inner = shadow.querySelector('inner-card')!.attachShadow({ mode: 'open' });
    inner.innerHTML = '<p title="Card tip">Deep <b>text</b></p>';
    const result = segment(root, { targetLang: 'DE' });
    expect(result.shadowRoots).toEqual([shadow, inner]);
    expect(texts(result.units).map((u) => u.source)).toEqual([
      'Shadow title',
      'Deep <b id="v1">text</b>',
      'Light text',
      'Outside',
    ]);
    expect(attrs(result.units).map((u) => u.source)).toEqual(['Card tip']);
    expect(texts(result.units)[1]?.parent).toBe(inner.querySelector('p'));
  });

  it('keeps an inline shadow host in its sentence and translates its content separately', () => {
    const root = page('<p>Posted <time-ago>3 days ago</time-ago> by Ann</p>');
    const host = root.querySelector('time-ago')!;
    host.attachShadow({ mode: 'open' }).innerHTML = 'vor <b>drei</b> Tagen';
    const display = (el: Element) => (el.localName === 'time-ago' ? ('inline' as const) : undefined);
    const result = segment(root, { targetLang: 'EN', display });
    expect(texts(result.units).map((u) => u.source)).toEqual([
      'Posted <img id="v1"> by Ann',
      'vor <b id="v1">drei</b> Tagen',
      '3 days ago',
    ]);
  });

  it('takes loose text directly inside a shadow root, with the host as target', () => {
    const root = page('<x-label></x-label>');
    const host = root.firstElementChild!;
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML = 'Loose <em>text</em>';
    const [unit] = texts(segment(root, { targetLang: 'DE' }).units);
    expect(unit?.parent).toBe(shadow);
    expect(unit?.target).toBe(host);
  });
});

describe('sliced segmentation', () => {
  const bigPage = (blocks: number) =>
    page(
      Array.from(
        { length: blocks },
        (_, i) => `<p>Paragraph ${i} with <a href="#${i}">a link</a> and <b>bold</b> text.</p>`,
      ).join(''),
    );

  it('yields between slices and finds the same units as the one-shot pass', async () => {
    const root = bigPage(300);
    let clock = 0;
    let yields = 0;
    const result = await segmentSliced(
      root,
      { targetLang: 'DE' },
      {
        now: () => clock++,
        sliceMs: 1,
        yieldNow: async () => {
          yields++;
        },
      },
    );
    const once = segment(root, { targetLang: 'DE' });
    expect(yields).toBeGreaterThan(20);
    expect(result.units.map((u) => u.source)).toEqual(once.units.map((u) => u.source));
    expect(result.units).toHaveLength(300);
  });

  it('survives the page removing nodes between slices', async () => {
    const root = bigPage(200);
    const result = await segmentSliced(
      root,
      { targetLang: 'DE' },
      {
        now: () => 0,
        sliceMs: 0,
        yieldNow: async () => {
          root.lastElementChild?.remove();
        },
      },
    );
    // Paragraphs removed before the walk reached them yield no unit; the rest come out whole.
    expect(result.units.length).toBeGreaterThan(50);
    expect(result.units.length).toBeLessThan(200);
    for (const unit of result.units) expect(unit.source).toMatch(/^Paragraph \d+ with <a id="v1">a link<\/a>/);
  });
  it('cuts the fallback of a slot nothing is assigned to, and keeps an assigned slot a placeholder', () => {
    document.body.innerHTML = '<boat-card id="a"><p>Light note</p></boat-card><boat-card id="b"></boat-card>';
    for (const id of ['a', 'b']) {
      const shadow = document.getElementById(id)!.attachShadow({ mode: 'open' });
      shadow.innerHTML = '<slot><p>No notes yet</p></slot>';
    }
    const sources = segment(document.body, { targetLang: 'DE' }).units.map((unit) => unit.source);
    expect(sources.filter((source) => source === 'No notes yet')).toHaveLength(1);
    expect(sources).toContain('Light note');
  });
});

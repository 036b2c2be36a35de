// @vitest-environment happy-dom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PageTranslation } from './restore.ts';
import { segment } from './segment.ts';
import { upper } from './test-translate.ts';

/** Random inline markup: formatting, links, placeholders, scripts, comments, odd whitespace. */
const leaf = fc.constantFrom(
  'word',
  'two words',
  ' ',
  '\n  ',
  '42',
  '&amp; more',
  '&lt;tag&gt;',
  '\u00a0nbsp',
  'Ünïcödé',
  '<br>',
  '<img src="a.png" alt="Alt text">',
  '<code>x()</code>',
  '<script>var s = 1;</script>',
  '<!-- note -->',
  '<span translate="no">Brand</span>',
);
const { tree } = fc.letrec<{ tree: string }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .tuple(
        fc.constantFrom('a href="/x" class="c"', 'b', 'i', 'em', 'span', 'strong', 'q'),
        fc.array(tie('tree'), { maxLength: 4 }),
      )
      .map(([open, kids]) => `<${open}>${kids.join('')}</${open.split(' ')[0]}>`),
  ),
}));
const block = fc.array(tree, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
const body = fc
  .array(fc.tuple(fc.constantFrom('p', 'li', 'div', 'td', 'h2'), block), { minLength: 1, maxLength: 4 })
  .map((blocks) =>
    blocks
      .map(([tag, inner]) =>
        tag === 'li'
          ? `<ul><li>${inner}</li></ul>`
          : tag === 'td'
            ? `<table><tbody><tr><td>${inner}</td></tr></tbody></table>`
            : `<${tag}>${inner}</${tag}>`,
      )
      .join(''),
  );

/** Ways a service (or an attacker between it and us) might answer. */
const answers: Record<string, (html: string) => string> = {
  upper,
  dropIds: (html) => upper(html).replace(/<(\w+) id="v[13579]">/g, '<$1>'),
  unknownIds: (html) => html.replace(/id="v(\d+)"/g, 'id="v9$1"'),
  twice: (html) => `${upper(html)} ${html}`,
  reversed: (html) => (html.match(/<[^>]+>|[^<]+/g) ?? []).reverse().join(''),
  injected: (html) =>
    `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">${upper(html)}<a href="javascript:void 0" style="x">evil</a>`,
  wrongTags: (html) =>
    html.replace(/<(b|i|em|a|span|strong|q) id=/g, '<iframe id=').replace(/<\/(b|i|em|a|span|strong|q)>/g, '</iframe>'),
};

const elementsOf = (root: Element) =>
  Array.from(
    root.querySelectorAll('*'),
    (el) => `${el.localName}[${Array.from(el.attributes, (a) => `${a.name}=${a.value}`).join(',')}]`,
  );

/**
 * Each run builds, cuts, translates and restores a page in happy-dom (about 20 ms quiet): 150 runs take
 * 16 s at a load of 20 and passed the default 20 s limit in a loaded run. The limit guards against a
 * hang, not the speed.
 */
const MANY_PAGES_MS = 120_000;

describe('round trip on random pages', () => {
  it(
    'never creates elements or attributes, and restores the exact page, for any answer',
    () => {
      fc.assert(
        fc.property(body, fc.constantFrom(...Object.keys(answers)), (html, kind) => {
          document.body.innerHTML = html;
          const original = document.body.innerHTML;
          const elements = Array.from(document.body.querySelectorAll('*'));
          const described = elementsOf(document.body);
          const store = new PageTranslation({ targetLang: 'DE' });
          const { units } = segment(document.body, { targetLang: 'DE' });
          for (const unit of units) store.apply(unit, answers[kind]!(unit.source));
          // Same elements, same attributes (attribute units aside), whatever came back.
          const now = Array.from(document.body.querySelectorAll('*'));
          expect(new Set(now)).toEqual(new Set(elements));
          for (const el of now) {
            for (const attr of el.attributes) {
              expect(['href', 'class', 'src', 'alt', 'translate', 'lang']).toContain(attr.name);
              // A block that shows a translation says so; the pages here have no `lang` of their own.
              if (attr.name === 'lang') expect(attr.value).toBe('de');
            }
          }
          expect((window as { __pwned?: number }).__pwned).toBeUndefined();
          store.setMode('bilingual');
          store.setMode('original');
          expect(document.body.innerHTML).toBe(original);
          expect(elementsOf(document.body)).toEqual(described);
          expect(Array.from(document.body.querySelectorAll('*'))).toEqual(elements);
        }),
        { numRuns: 150 },
      );
    },
    MANY_PAGES_MS,
  );

  it(
    'translates every letter outside skipped content when the answer is well-formed',
    () => {
      fc.assert(
        fc.property(body, (html) => {
          document.body.innerHTML = html;
          const store = new PageTranslation({ targetLang: 'DE' });
          for (const unit of segment(document.body, { targetLang: 'DE' }).units) store.apply(unit, upper(unit.source));
          for (const el of document.body.querySelectorAll('script, code, [translate="no"]')) el.remove();
          expect(document.body.textContent).toBe(document.body.textContent?.toUpperCase());
        }),
        { numRuns: 100 },
      );
    },
    MANY_PAGES_MS,
  );
});

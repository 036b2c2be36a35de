import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testOptions } from '../config.ts';
import { ServiceState } from '../stores/state.ts';
import { type MarkupOptions, segmentMarkup, type TagMode, tokenize } from './markup.ts';
import { translateTexts } from './translate.ts';

const state = new ServiceState(testOptions());
const RUNS = { numRuns: 200 };

/** Characters that matter to a tokeniser, mixed with any Unicode so surrogates and controls show up too. */
const tricky = fc.string({
  unit: fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom('<', '>', '/', '!', '?', '-', '[', ']', '"', "'", '&', ';', '=', ' ', '\n'),
    },
    { weight: 2, arbitrary: fc.constantFrom('a', 'b', 'p', 'script', 'style', 'CDATA', '#x41', 'amp', 'code') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  ),
  maxLength: 120,
});

const tagNames = fc.constantFrom('p', 'b', 'i', 'a', 'span', 'div', 'x', 'seg', 'ns:t', 'Code', 'li', 'br');
const options: fc.Arbitrary<MarkupOptions> = fc.record({
  mode: fc.constantFrom<TagMode>('xml', 'html'),
  ignoreTags: fc.array(tagNames, { maxLength: 3 }),
  splittingTags: fc.array(tagNames, { maxLength: 3 }),
  nonSplittingTags: fc.array(tagNames, { maxLength: 3 }),
});

// Well-formed input: text escaped as a serialiser would, attribute values quoted (and free to hold
// `>` or the other quote), plus comments, CDATA and processing instructions.
const text = fc
  .oneof(fc.lorem({ maxCount: 6 }), fc.string({ unit: 'grapheme', maxLength: 24 }), fc.string({ maxLength: 24 }))
  .map((s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
const attrValue = fc.string({ maxLength: 12 }).map((s) => s.replace(/[&"<]/g, ''));
const attributes = fc
  .array(fc.tuple(fc.constantFrom('id', 'title', 'data-x', 'href', 'xml:space'), attrValue, fc.boolean()), {
    maxLength: 3,
  })
  .map((list) =>
    list
      .map(([name, value, single]) => (single ? ` ${name}='${value.replace(/'/g, '')}'` : ` ${name}="${value}"`))
      .join(''),
  );
const special = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => `<!--${s.replace(/-/g, '')}-->`),
  fc.string({ maxLength: 12 }).map((s) => `<![CDATA[${s.replace(/]/g, '')}]]>`),
  fc.constant('<?pi target="x"?>'),
);
const node: fc.Memo<string> = fc.memo((depth) =>
  depth <= 1
    ? fc.oneof(text, special)
    : fc.oneof(
        { weight: 2, arbitrary: text },
        { weight: 1, arbitrary: special },
        { weight: 1, arbitrary: fc.tuple(tagNames, attributes).map(([name, attrs]) => `<${name}${attrs}/>`) },
        {
          weight: 3,
          arbitrary: fc
            .tuple(tagNames, attributes, fc.array(node(depth - 1), { maxLength: 4 }))
            .map(([name, attrs, children]) => `<${name}${attrs}>${children.join('')}</${name}>`),
        },
      ),
);
const document = fc.array(node(4), { minLength: 1, maxLength: 5 }).map((nodes) => nodes.join(''));

const markupOf = (input: string, mode: TagMode) =>
  tokenize(input, mode).flatMap((t) => (t.type === 'markup' ? [t.raw] : []));

describe('markup handling under arbitrary input', () => {
  it('never throws and loses no byte, in either mode, with any tag lists', () => {
    fc.assert(
      fc.property(tricky, options, (input, opts) => {
        expect(
          tokenize(input, opts.mode)
            .map((t) => t.raw)
            .join(''),
        ).toBe(input);
        expect(
          segmentMarkup(input, opts)
            .map((s) => s.raw)
            .join(''),
        ).toBe(input);
      }),
      RUNS,
    );
  });

  it('translating any text with tag handling never throws', () => {
    fc.assert(
      fc.property(tricky, options, fc.constantFrom('de', 'fr', 'ja', 'ru', 'en-GB'), (input, opts, target) => {
        const [out] = translateTexts(state, { texts: [input], targetLang: target, tagHandling: opts });
        expect(typeof out?.text).toBe('string');
        expect(out?.billedCharacters).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('keeps every piece of markup of well-formed input byte for byte, in order', () => {
    fc.assert(
      fc.property(document, options, fc.constantFrom('de', 'fr', 'ja', 'ru'), (input, opts, target) => {
        const [out] = translateTexts(state, {
          texts: [input],
          targetLang: target,
          sourceLang: 'en',
          tagHandling: opts,
        });
        expect(markupOf(out!.text, opts.mode)).toEqual(markupOf(input, opts.mode));
      }),
      RUNS,
    );
  });

  it('copies the content of ignored tags verbatim', () => {
    fc.assert(
      fc.property(document, fc.constantFrom<TagMode>('xml', 'html'), (input, mode) => {
        const opts: MarkupOptions = { mode, ignoreTags: ['x', 'seg'] };
        const [out] = translateTexts(state, { texts: [input], targetLang: 'de', sourceLang: 'en', tagHandling: opts });
        const verbatim = (s: string) =>
          segmentMarkup(s, opts).flatMap((seg) => (seg.kind === 'text' && seg.verbatim ? [seg.raw] : []));
        expect(verbatim(out!.text)).toEqual(verbatim(input));
      }),
      RUNS,
    );
  });
});

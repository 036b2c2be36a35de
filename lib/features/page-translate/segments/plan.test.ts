// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { inertParser, inertParserMany, isPlainAnswer, textFromResponse } from './plan.ts';

describe('parseInert', () => {
  it('keeps leading whitespace, as a template does', () => {
    expect(textFromResponse('  two spaces first')).toBe('  two spaces first');
  });

  it('reads past an end tag </template> in the answer instead of stopping at it', () => {
    expect(textFromResponse('before </template> after')).toBe('before  after');
    expect(textFromResponse('before </TEMPLATE > after')).toBe('before  after');
  });
});

/** A parsed answer as text: element names with their ids, and text. */
function shape(node: ParentNode): string {
  let out = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3) out += (child as Text).data;
    else if (child.nodeType === 1) {
      const el = child as Element;
      out += `<${el.localName}${el.id ? `#${el.id}` : ''}>${shape(el)}</>`;
    }
  }
  return out;
}

describe('inertParserMany', () => {
  const answers = [
    'Lies <a id="v1">die Doku</a> heute.',
    '  Leerzeichen zuerst',
    'Fisch &amp; Brot',
    'vor </template> nach',
    '<b id="v2">fett',
    '',
  ];

  it('reads each answer as a parse of its own would', () => {
    const one = inertParser();
    const many = inertParserMany()(answers);
    expect(many.map(shape)).toEqual(answers.map((html) => shape(one(html))));
  });

  it('falls back to one parse per answer when an answer swallows what follows it', () => {
    const one = inertParser();
    for (const swallowing of ['<textarea>alles', '<plaintext>alles', '<template>offen', '<title>Titel', '<xmp>x']) {
      const batch = ['Erster Satz.', swallowing, 'Dritter <a id="v1">Satz</a>.', 'Letzter.'];
      const many = inertParserMany()(batch);
      expect(many.map(shape), swallowing).toEqual(batch.map((html) => shape(one(html))));
    }
  });
});

describe('isPlainAnswer', () => {
  it('takes only what the parser reads as the same one text', () => {
    const one = inertParser();
    for (const text of ['Einfacher Satz.', ' Rand ', 'Zeile\nzwei', 'Ümläut – “Zitat”', '']) {
      expect(isPlainAnswer(text)).toBe(true);
      expect(shape(one(text))).toBe(text);
    }
    for (const text of ['a &amp; b', 'a < b', 'Zeile\r\nzwei', 'nul\0']) expect(isPlainAnswer(text)).toBe(false);
  });
});

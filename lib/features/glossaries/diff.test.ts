import { describe, expect, it } from 'vitest';
import { dictionariesFingerprint, diffGlossaries, hasChanges } from './diff.ts';

const g = (id: string, name: string, dicts: Array<[string, string, number]> = []) => ({
  glossary_id: id,
  name,
  dictionaries: dicts.map(([source_lang, target_lang, entry_count]) => ({ source_lang, target_lang, entry_count })),
});

describe('diffGlossaries', () => {
  it('reports added, removed and changed glossaries by id', () => {
    const before = [g('a', 'A', [['en', 'de', 3]]), g('b', 'B'), g('c', 'C', [['en', 'fr', 1]])];
    const after = [g('a', 'A', [['en', 'de', 4]]), g('c', 'C', [['en', 'fr', 1]]), g('d', 'D')];
    expect(diffGlossaries(before, after)).toEqual({ added: ['d'], removed: ['b'], changed: ['a'] });
  });

  it('sees a rename and a new dictionary as changes, but not a different order or code case', () => {
    const before = [
      g('a', 'A', [
        ['en', 'de', 1],
        ['de', 'en', 2],
      ]),
      g('b', 'B'),
    ];
    expect(
      diffGlossaries(before, [
        g('a', 'A', [
          ['DE', 'EN', 2],
          ['EN', 'DE', 1],
        ]),
        g('b', 'B'),
      ]),
    ).toEqual({
      added: [],
      removed: [],
      changed: [],
    });
    const renamed = diffGlossaries(before, [
      g('a', 'A', [
        ['en', 'de', 1],
        ['de', 'en', 2],
      ]),
      g('b', 'B2'),
    ]);
    expect(renamed.changed).toEqual(['b']);
    const grown = diffGlossaries(before, [
      g('a', 'A', [
        ['en', 'de', 1],
        ['de', 'en', 2],
        ['en', 'fr', 1],
      ]),
      g('b', 'B'),
    ]);
    expect(grown.changed).toEqual(['a']);
  });

  it('says whether anything changed', () => {
    expect(hasChanges({ added: [], removed: [], changed: [] })).toBe(false);
    expect(hasChanges({ added: [], removed: ['x'], changed: [] })).toBe(true);
  });

  it('fingerprints dictionaries independently of order', () => {
    const a = g('a', 'A', [
      ['en', 'de', 1],
      ['fr', 'en', 5],
    ]).dictionaries;
    expect(dictionariesFingerprint(a)).toBe(dictionariesFingerprint([...a].reverse()));
    expect(dictionariesFingerprint(a)).not.toBe(dictionariesFingerprint(a.slice(1)));
  });
});

import { describe, expect, it } from 'vitest';
import { Language } from '../../api/index.ts';
import { featureColumns, sortedLanguages } from './table.ts';

const lang = (code: string, name: string, features: Record<string, string> = {}) =>
  Language.parse({
    lang: code,
    name,
    usable_as_source: true,
    usable_as_target: true,
    features: Object.fromEntries(Object.entries(features).map(([k, status]) => [k, { status }])),
  });

const list = [
  lang('en-US', 'English (American)', { formality: 'stable' }),
  lang('de', 'German', { formality: 'stable', tag_handling: 'stable', quantum_mode: 'beta' }),
  lang('en-GB', 'English (British)'),
  lang('ja', 'Japanese', { glossary: 'stable' }),
];

describe('languages table', () => {
  it('takes its feature columns from the data, unknown keys included', () => {
    expect(featureColumns(list)).toEqual(['formality', 'glossary', 'quantum_mode', 'tag_handling']);
    expect(featureColumns([])).toEqual([]);
  });

  it('sorts by name, then code', () => {
    expect(sortedLanguages(list).map((l) => l.lang)).toEqual(['en-US', 'en-GB', 'de', 'ja']);
  });
});

import { describe, expect, it } from 'vitest';
import { SiteRule } from '../../settings/schema.ts';
import { withMode } from './mode.background.ts';
import { withoutReadings } from './reading.background.ts';

const rule = (over: Partial<SiteRule> & { host: string }) => ({ ...SiteRule.parse({ host: over.host }), ...over });

describe('the display mode per site', () => {
  it("sets a site's mode in its rule, or in a new rule that changes nothing else", () => {
    const rules = [rule({ host: 'b.example', translate: 'always' })];
    expect(withMode(rules, 'b.example', 'bilingual')).toEqual([
      rule({ host: 'b.example', translate: 'always', pageMode: 'bilingual' }),
    ]);
    expect(withMode(rules, 'a.example', 'replace')).toEqual([
      rule({ host: 'a.example', pageMode: 'replace' }),
      rule({ host: 'b.example', translate: 'always' }),
    ]);
  });

  it('is forgotten with the reading: a rule made only for them goes, the others keep the rest', () => {
    const rules = [
      rule({ host: 'a.example', pageMode: 'bilingual' }),
      rule({ host: 'b.example', translate: 'never', pageMode: 'replace', pageReading: 'whole-page' }),
      rule({ host: 'c.example', translate: 'always' }),
    ];
    expect(withoutReadings(rules)).toEqual([
      rule({ host: 'b.example', translate: 'never' }),
      rule({ host: 'c.example', translate: 'always' }),
    ]);
  });
});

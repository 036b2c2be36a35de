import { describe, expect, it } from 'vitest';
import { decideOffer, type OfferInput } from './decide.ts';

const input = (patch: Partial<OfferInput> = {}): OfferInput => ({
  languageRules: [],
  pageLang: 'de',
  targetLang: 'en-US',
  sources: [],
  ...patch,
});

describe('decideOffer', () => {
  it('offers a page in another language than the target (the site rule "Ask", the default)', () => {
    expect(decideOffer(input())).toEqual({ kind: 'offer', lang: 'de' });
    expect(decideOffer(input({ siteRule: { translate: 'ask' }, pageLang: 'de-AT' }))).toEqual({
      kind: 'offer',
      lang: 'de',
    });
  });

  it('offers nothing for the target language (any variant), an unknown one, or one the service does not read', () => {
    expect(decideOffer(input({ pageLang: 'en-GB' }))).toEqual({ kind: 'none' });
    expect(decideOffer(input({ pageLang: undefined }))).toEqual({ kind: 'none' });
    expect(decideOffer(input({ pageLang: 'eu', sources: ['de', 'en', 'fr'] }))).toEqual({ kind: 'none' });
  });

  it('the site comes first: "never" is never, "always" is page translation’s own start', () => {
    const always = [{ lang: 'de', translate: 'always' as const }];
    expect(decideOffer(input({ siteRule: { translate: 'never' }, languageRules: always }))).toEqual({ kind: 'none' });
    expect(decideOffer(input({ siteRule: { translate: 'always' } }))).toEqual({ kind: 'none' });
  });

  it('then the language: "always" starts at once, "never" offers nothing', () => {
    expect(decideOffer(input({ languageRules: [{ lang: 'de', translate: 'always' }] }))).toEqual({
      kind: 'start',
      lang: 'de',
    });
    expect(decideOffer(input({ languageRules: [{ lang: 'de', translate: 'never' }] }))).toEqual({ kind: 'none' });
    expect(decideOffer(input({ languageRules: [{ lang: 'fr', translate: 'never' }] }))).toEqual({
      kind: 'offer',
      lang: 'de',
    });
  });
});

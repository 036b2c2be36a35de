import { describe, expect, it } from 'vitest';
import { pageLanguage } from './detect.background.ts';

const GERMAN =
  'Die Stadt liegt am Ufer des Flusses. Im Sommer fahren viele Menschen mit dem Boot hinaus, und die Ruderer trainieren jeden Morgen auf dem ruhigen Wasser.';

describe('pageLanguage', () => {
  it('takes the language the page declares, as a base code', () => {
    expect(pageLanguage('de-AT', undefined)).toBe('de');
    expect(pageLanguage(' PT-br ', GERMAN)).toBe('pt');
  });

  it('tells it from the text when the page declares none (or nonsense)', () => {
    expect(pageLanguage(undefined, GERMAN)).toBe('de');
    expect(pageLanguage('not a language', GERMAN)).toBe('de');
  });

  it('says nothing for a sample too short to tell', () => {
    expect(pageLanguage(undefined, 'Hallo Welt')).toBeUndefined();
    expect(pageLanguage(undefined, '')).toBeUndefined();
  });
});

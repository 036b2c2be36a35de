import { describe, expect, it } from 'vitest';
import { improveText, replaceWords } from './improve.ts';

const correct = (text: string, target = 'en-US') => improveText(text, { mode: 'correct', target });
const rephrase = (text: string, target = 'en-US', style?: Parameters<typeof improveText>[1]['style']) =>
  improveText(text, { mode: 'rephrase', target, style });

describe('correct', () => {
  it('fixes common misspellings, keeping case', () => {
    expect(correct('Teh parcel will definately arrive; i recieve it TEH day after.')).toBe(
      'The parcel will definitely arrive; I receive it THE day after.',
    );
  });

  it('removes doubled words and double spaces, capitalises sentences', () => {
    expect(correct('this is  the the plan. it works ,really')).toBe('This is the plan. It works, really');
  });

  it('converts between English variants', () => {
    expect(correct('my favorite color', 'en-GB')).toBe('My favourite colour');
    expect(correct('my favourite colour', 'en-US')).toBe('My favorite color');
  });

  it('fixes other languages with their own lists and keeps French spacing', () => {
    expect(correct('das ist vieleicht gut', 'de')).toBe('Das ist vielleicht gut');
    expect(correct('bonjour , ça va ?', 'fr')).toBe('Bonjour, ça va ?');
    expect(correct('o ônibus chegou', 'pt-PT')).toBe('O autocarro chegou');
    expect(correct('這個很好', 'zh-Hans')).toBe('这个很好');
  });

  it('leaves correct text alone', () => {
    expect(correct('Everything here is fine.')).toBe('Everything here is fine.');
  });
});

describe('rephrase', () => {
  it('trims wordy phrases by default', () => {
    expect(rephrase('We utilize it in order to win.')).toBe('We use it to win.');
  });

  it('changes word choice with the style or tone', () => {
    expect(rephrase("We need to get a lot of help. It's late.", 'en-US', 'business')).toBe(
      'We must obtain a great deal of help. It is late.',
    );
    expect(rephrase('We require assistance. It is fine.', 'en-US', 'casual')).toBe("We need assistance. It's fine.");
    expect(rephrase('This is a good idea.', 'en-US', 'enthusiastic')).toBe('This is a great idea!');
  });

  it('corrects only, outside English', () => {
    expect(rephrase('das ist vieleicht gut', 'de', 'business')).toBe('Das ist vielleicht gut');
  });
});

describe('replaceWords', () => {
  it('matches whole words only', () => {
    expect(replaceWords('together get forget', { get: 'obtain' })).toBe('together obtain forget');
  });
});

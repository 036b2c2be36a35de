import { describe, expect, it } from 'vitest';
import { detectLanguage, detectSource } from './detect.ts';

describe('detectLanguage', () => {
  it.each([
    ['EN', 'Hello world, how are you today?'],
    ['EN', 'My favorite color is gray.'],
    ['EN', 'The weather is lovely and we are going for a walk in the park.'],
    ['DE', 'Das ist ein schöner Tag und wir gehen im Park spazieren.'],
    ['FR', 'Bonjour, je vais au marché avec mes amis pour acheter des fruits.'],
    ['ES', 'Hola, vamos a la playa con mis amigos para nadar en el mar.'],
    ['IT', 'Ciao, sono andato al mercato con mia sorella per comprare il pane.'],
    ['PT', 'Olá, eu fui ao mercado com a minha irmã para comprar pão.'],
    ['NL', 'Hallo, ik ga met mijn vrienden naar de markt om fruit te kopen.'],
    ['PL', 'Cześć, idę z przyjaciółmi na rynek, żeby kupić owoce i warzywa.'],
    ['RU', 'Привет, я иду на рынок с друзьями, чтобы купить фрукты.'],
    ['RU', 'Он сказал, что это была очень хорошая книга.'],
    ['UK', 'Привіт, як справи? Дякую, все добре.'],
    ['BG', 'Благодаря, аз съм добре, а ти как си?'],
    // Misspellings must not tip English into a language whose function words overlap ("i" is Polish "and").
    ['EN', 'I will recieve teh letter tomorrow.'],
    ['JA', '今日はとても良い天気ですね。'],
    ['KO', '안녕하세요, 오늘 날씨가 정말 좋네요.'],
    ['ZH', '今天天气很好，我们去公园散步吧。'],
    ['HE', 'שלום, מה שלומך היום?'],
    ['EL', 'Γεια σου, πώς είσαι σήμερα;'],
  ])('detects %s', (code, text) => {
    expect(detectLanguage(text)).toBe(code);
  });

  it('gives up on very short or letterless text', () => {
    expect(detectLanguage('ok')).toBeUndefined();
    expect(detectLanguage('1234 5678 90')).toBeUndefined();
  });
});

describe('detectSource', () => {
  it('falls back to EN when undecided', () => {
    expect(detectSource('xyz')).toBe('EN');
    expect(detectSource('Guten Morgen, wie geht es dir?')).toBe('DE');
  });
});

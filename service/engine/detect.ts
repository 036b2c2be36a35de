import { franc } from 'franc-min';
import { FRANC_CODES } from '../../lib/features/translate-offer/franc-codes.ts';

const ONLY = Object.keys(FRANC_CODES);

/**
 * Frequent short words per language. Trigram statistics are unreliable on a sentence or two (franc
 * calls "hello world" Dutch), so function words decide first when they clearly point to one language.
 * They also cover languages franc-min has no model for (Danish, Finnish, Baltic, Slovak, Slovenian).
 */
const FUNCTION_WORDS: Readonly<Record<string, string>> = {
  EN: 'the and is are was you your this that with for of to in it not have has what how hello thanks please be we they i will would can could my me an at on from by there their our us he she his her them been were do does did',
  DE: 'der die das und ist sind nicht ein eine ich du sie wir mit für auf zu den dem hallo danke bitte wie was es',
  FR: 'le la les et est sont un une je tu vous nous avec pour dans pas ce qui que bonjour merci des du au',
  ES: 'el la los las y es son un una yo tú usted con para en no que hola gracias por del muy está',
  IT: 'il lo gli le e è sono un una io tu con per non che ciao grazie della del sei questo',
  PT: 'o os as e é são um uma eu você com para em não que olá obrigado do da está isso',
  NL: 'de het een en is zijn ik jij je niet met voor op dat van hallo dank wat hoe',
  PL: 'i w na nie jest są to że się z do jak co cześć dziękuję ten ta',
  SV: 'och är en ett jag du inte med för på det att hej tack som vad',
  DA: 'og er en et jeg du ikke med for på det at hej tak som hvad',
  NB: 'og er en et jeg du ikke med for på det at hei takk som hva',
  FI: 'ja on ei se että minä sinä kanssa mutta hei kiitos mitä miten',
  TR: 've bir bu için ile değil ne nasıl merhaba teşekkürler çok ben sen',
  RO: 'și este sunt un o eu tu cu pentru în nu că bună mulțumesc',
  CS: 'a je jsou to že se s na v není ahoj děkuji jak co',
  SK: 'a je sú to že sa s na v nie ahoj ďakujem ako čo',
  HU: 'a az és egy nem van hogy szia köszönöm mi hogyan',
  ID: 'dan yang di ini itu dengan untuk tidak saya anda halo terima kasih apa',
  RU: 'и в не на что я ты он она это как с по но вы мы они был была было спасибо привет',
  UK: 'і в не на що я ти він вона це як з та але ви ми вони був була було дякую привіт',
  BG: 'и в не на че аз ти той тя това как с по но вие ние те беше благодаря здравей',
};

const WORD_SETS = Object.entries(FUNCTION_WORDS).map(([code, words]) => [code, new Set(words.split(' '))] as const);

const TO_FRANC = new Map(Object.entries(FRANC_CODES).map(([franc, code]) => [code, franc]));

function byFunctionWords(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  const scores = WORD_SETS.map(([code, set]) => [code, words.filter((w) => set.has(w)).length] as const);
  const best = Math.max(...scores.map(([, n]) => n));
  if (best === 0) return undefined;
  const tied = scores.filter(([, n]) => n === best).map(([code]) => code);
  if (tied.length === 1) return tied[0];
  // English is the fallback anyway; between others, let trigrams choose among the tied only.
  if (tied.includes('EN')) return 'EN';
  const only = tied.flatMap((code) => TO_FRANC.get(code) ?? []);
  return only.length > 0 ? FRANC_CODES[franc(text, { only, minLength: 1 })] : undefined;
}

const SINGLE_SCRIPT: ReadonlyArray<[string, RegExp]> = [
  ['HE', /\p{Script=Hebrew}/gu],
  ['ZH', /\p{Script=Han}/gu],
  ['TH', /\p{Script=Thai}/gu],
  ['EL', /\p{Script=Greek}/gu],
  ['AR', /\p{Script=Arabic}/gu],
];

function share(text: string, pattern: RegExp): number {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return 0;
  return (text.match(pattern)?.length ?? 0) / letters;
}

/**
 * The language of a text as an upper-case contract code, or undefined when the text is too short or
 * too ambiguous to tell. Scripts that belong to one language decide before trigram statistics do.
 */
export function detectLanguage(text: string): string | undefined {
  // Kana marks Japanese even in kanji-heavy text, which trigram statistics would call Chinese.
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'JA';
  if (share(text, /\p{Script=Hangul}/gu) > 0.5) return 'KO';
  // Scripts used by one catalogue language decide even for short text (franc-min has no Hebrew model).
  for (const [code, script] of SINGLE_SCRIPT) if (share(text, script) > 0.5) return code;
  const cyrillic = share(text, /\p{Script=Cyrillic}/gu) > 0.5;
  if (cyrillic && /[іїєґ]/iu.test(text)) return 'UK';
  if (cyrillic && text.length < 20) return 'RU';
  if (cyrillic || share(text, /\p{Script=Latin}/gu) > 0.5) {
    const byWords = byFunctionWords(text);
    if (byWords) return byWords;
  }
  // Below this length trigram statistics are a guess.
  const code = franc(text, { only: ONLY, minLength: 20 });
  return FRANC_CODES[code];
}

/** Detection as the translate endpoint uses it: very short or undecidable texts count as English. */
export function detectSource(text: string): string {
  return detectLanguage(text) ?? 'EN';
}

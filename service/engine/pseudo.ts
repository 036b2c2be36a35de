import { baseOf, canonicalCode } from '../data/languages.ts';

/**
 * Pseudo-localisation: each target replaces a few letters with ones that look like the target language
 * (`aä oö uü` for German). The text stays readable, every target looks different from the others, and
 * the same input always gives the same output. Upper case follows the lower-case pair.
 */
export const ACCENT_TABLE: Readonly<Record<string, string>> = {
  ar: 'aā iī uū dḍ',
  bg: 'aд eэ nи rя wщ',
  cs: 'eě rř sš cč zž uů',
  da: 'aå oø',
  de: 'aä oö uü',
  'de-CH': 'aä oö uü eë',
  el: 'aα bβ eε iι kκ nη pρ tτ uυ wω',
  'en-GB': 'aȧ eė oȯ',
  'en-US': 'aạ eẹ oọ',
  es: 'aá eé ií oó uú nñ',
  'es-419': 'aá eé ií oó uü nñ',
  et: 'aä oõ uü',
  fi: 'aä oö',
  fr: 'aà eé iî oô uù cç',
  'fr-CA': 'aâ eè iï oô uû cç',
  he: 'eē oō hḥ kḳ',
  hi: 'aā iī uū nṇ tṭ',
  hu: 'aá eé oő uű',
  id: 'aâ eê uû',
  it: 'aà eè iì oò uù',
  ja: 'oの nん aア',
  ko: 'oㅇ iㅣ uㅜ',
  lt: 'eė uū iį sš',
  lv: 'aā eē iī uū',
  nb: 'aå oø eé',
  nl: 'eë iï',
  pl: 'aą eę lł zż sś cć nń oó',
  'pt-BR': 'aã eê oô cç',
  'pt-PT': 'aã eé oõ cç',
  ro: 'aă sș tț iî',
  ru: 'aд eё nи rя wш bб',
  sk: 'aá lľ tť dď yý eé',
  sl: 'cč sš zž',
  sv: 'aå oö',
  th: 'aา oอ',
  tr: 'iı gğ sş cç oö uü',
  uk: 'aд eє iї nи rя wш',
  vi: 'aạ eế oờ uư dđ iị',
  zh: 'o口 i工',
  'zh-Hans': 'o口 i工',
  'zh-Hant': 'o口 i工 a丹 n几',
};

/** For languages added at run time (control API) that the table does not know. */
const FALLBACK_TABLES = ['aǎ eě oǒ', 'aȁ eȅ oȍ', 'aǟ oȫ uǘ', 'eȩ oǫ aą', 'aḁ eḙ uṷ'];

const tables = new Map<string, Map<string, string>>();

function parse(spec: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of spec.split(' ')) {
    const [from, ...rest] = [...pair];
    const to = rest.join('');
    if (!from) continue;
    map.set(from, to);
    const upper = from.toUpperCase();
    if (upper !== from) map.set(upper, to.toUpperCase());
  }
  return map;
}

/** The letter table of a target code (exact code, then its base, then a stable fallback). */
export function accentTable(target: string): Map<string, string> {
  const code = canonicalCode(target);
  let table = tables.get(code);
  if (table) return table;
  let spec = ACCENT_TABLE[code] ?? ACCENT_TABLE[baseOf(code)];
  if (spec === undefined) {
    let hash = 0;
    for (const ch of code) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
    spec = FALLBACK_TABLES[hash % FALLBACK_TABLES.length]!;
  }
  table = parse(spec);
  tables.set(code, table);
  return table;
}

const LATIN_LETTER = /[A-Za-z]/;
const COMBINING = /[\u0300-\u036f]/;

/**
 * Removes accents from Latin letters so a text "from" any Latin-script language comes out with only the
 * target's marks. Marks on other scripts (Cyrillic й, Japanese dakuten) are kept.
 */
export function stripLatinAccents(text: string): string {
  let out = '';
  let previous = '';
  for (const ch of text.normalize('NFD')) {
    if (COMBINING.test(ch) && LATIN_LETTER.test(previous)) continue;
    out += ch;
    if (!COMBINING.test(ch)) previous = ch;
  }
  return out.normalize('NFC');
}

/** Pseudo-translates plain text (no markup, no protected phrases) into the target. */
export function pseudoTranslate(text: string, target: string): string {
  const table = accentTable(target);
  let out = '';
  for (const ch of stripLatinAccents(text)) out += table.get(ch) ?? ch;
  return out;
}

type Pronouns = Readonly<Record<'you' | 'your' | 'yours', string>>;

/**
 * How formality shows: the English pronouns you/your/yours become the target's formal or informal
 * form. A text that addresses nobody is unchanged by formality, as with a real engine.
 */
const PRONOUNS: Readonly<Record<string, { more: Pronouns; less: Pronouns }>> = {
  de: { more: { you: 'Sie', your: 'Ihr', yours: 'Ihres' }, less: { you: 'du', your: 'dein', yours: 'deins' } },
  fr: {
    more: { you: 'vous', your: 'votre', yours: 'le vôtre' },
    less: { you: 'tu', your: 'ton', yours: 'le tien' },
  },
  it: { more: { you: 'Lei', your: 'Suo', yours: 'Suo' }, less: { you: 'tu', your: 'tuo', yours: 'tuo' } },
  es: { more: { you: 'usted', your: 'su', yours: 'suyo' }, less: { you: 'tú', your: 'tu', yours: 'tuyo' } },
  nl: { more: { you: 'u', your: 'uw', yours: 'het uwe' }, less: { you: 'je', your: 'jouw', yours: 'het jouwe' } },
  pl: { more: { you: 'Pan', your: 'Pana', yours: 'Pana' }, less: { you: 'ty', your: 'twój', yours: 'twój' } },
  'pt-BR': {
    more: { you: 'o senhor', your: 'seu', yours: 'seu' },
    less: { you: 'você', your: 'teu', yours: 'teu' },
  },
  'pt-PT': {
    more: { you: 'o senhor', your: 'vosso', yours: 'vosso' },
    less: { you: 'tu', your: 'teu', yours: 'teu' },
  },
  ja: {
    more: { you: 'あなた様', your: 'あなた様の', yours: 'あなた様のもの' },
    less: { you: '君', your: '君の', yours: '君のもの' },
  },
  ru: { more: { you: 'Вы', your: 'Ваш', yours: 'Ваш' }, less: { you: 'ты', your: 'твой', yours: 'твой' } },
};

/** Matches the English pronouns that formality changes, as whole words. */
export const PRONOUN_PATTERN = /(?<![\p{L}\p{N}])(you|your|yours)(?![\p{L}\p{N}])/giu;

/**
 * The target's pronoun for an English one, or undefined when the target has no formal forms. Whether
 * formality applies to the target at all is the catalogue's call (see engine/translate.ts).
 */
export function formalPronoun(word: string, target: string, formality: 'more' | 'less'): string | undefined {
  const code = canonicalCode(target);
  const forms = PRONOUNS[code] ?? PRONOUNS[baseOf(code)];
  const replacement = forms?.[formality][word.toLowerCase() as keyof Pronouns];
  if (!replacement) return undefined;
  const capital = word[0] !== undefined && word[0] !== word[0].toLowerCase();
  return capital ? replacement[0]!.toUpperCase() + replacement.slice(1) : replacement;
}

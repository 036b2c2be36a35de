/**
 * Word lists of the text-improvement engine. Keys are matched as whole words, case-insensitively;
 * the replacement takes the case of the match. They are small on purpose: enough for a believable
 * diff, deterministic, easy to test.
 */

export type WordMap = Readonly<Record<string, string>>;

/** Common misspellings per base language (what `correct` fixes). */
export const MISSPELLINGS: Readonly<Record<string, WordMap>> = {
  en: {
    teh: 'the',
    recieve: 'receive',
    recieved: 'received',
    definately: 'definitely',
    seperate: 'separate',
    occured: 'occurred',
    occurence: 'occurrence',
    untill: 'until',
    wich: 'which',
    becuase: 'because',
    adress: 'address',
    accomodate: 'accommodate',
    alot: 'a lot',
    thier: 'their',
    tommorow: 'tomorrow',
    truely: 'truly',
    beleive: 'believe',
    goverment: 'government',
    enviroment: 'environment',
    wierd: 'weird',
    neccessary: 'necessary',
    succesful: 'successful',
    begining: 'beginning',
    existance: 'existence',
    independant: 'independent',
    publically: 'publicly',
  },
  de: {
    vieleicht: 'vielleicht',
    standart: 'Standard',
    wiederspiegeln: 'widerspiegeln',
    addresse: 'Adresse',
    nähmlich: 'nämlich',
    rythmus: 'Rhythmus',
    agressiv: 'aggressiv',
    tschüß: 'tschüss',
  },
  fr: {
    apeller: 'appeler',
    developement: 'développement',
    parmis: 'parmi',
    language: 'langage',
    addresse: 'adresse',
    apartement: 'appartement',
  },
  es: {
    atravez: 'a través',
    exepción: 'excepción',
    haiga: 'haya',
    nadien: 'nadie',
    iendo: 'yendo',
  },
  it: { propio: 'proprio', "qual'è": 'qual è', squola: 'scuola', avvolte: 'a volte' },
  pt: { concerteza: 'com certeza', derrepente: 'de repente', excessão: 'exceção', menas: 'menos' },
};

/** American -> British spellings; en-US uses the map the other way round. */
export const AMERICAN_TO_BRITISH: WordMap = {
  color: 'colour',
  colors: 'colours',
  favorite: 'favourite',
  favorites: 'favourites',
  organize: 'organise',
  organized: 'organised',
  organization: 'organisation',
  realize: 'realise',
  realized: 'realised',
  analyze: 'analyse',
  center: 'centre',
  theater: 'theatre',
  gray: 'grey',
  traveling: 'travelling',
  defense: 'defence',
  behavior: 'behaviour',
  honor: 'honour',
  catalog: 'catalogue',
};

/** Brazilian -> European Portuguese; pt-BR uses it the other way round. */
export const BRAZILIAN_TO_EUROPEAN: WordMap = {
  ônibus: 'autocarro',
  trem: 'comboio',
  equipe: 'equipa',
  registro: 'registo',
  fato: 'facto',
  econômico: 'económico',
  celular: 'telemóvel',
};

/** Traditional -> simplified characters (zh and zh-Hans targets). Matched as characters, not words. */
export const TRADITIONAL_TO_SIMPLIFIED: WordMap = {
  們: '们',
  這: '这',
  個: '个',
  說: '说',
  時: '时',
  國: '国',
  語: '语',
  來: '来',
  會: '会',
  學: '学',
  車: '车',
  點: '点',
};

const FORMAL: WordMap = {
  get: 'obtain',
  gets: 'obtains',
  got: 'obtained',
  'a lot of': 'a great deal of',
  'lots of': 'a great deal of',
  buy: 'purchase',
  'help with': 'assist with',
  'need to': 'must',
  show: 'demonstrate',
  tell: 'inform',
  maybe: 'perhaps',
  "don't": 'do not',
  "can't": 'cannot',
  "won't": 'will not',
  "it's": 'it is',
  "i'm": 'I am',
  "we're": 'we are',
  "isn't": 'is not',
};

const CASUAL: WordMap = {
  obtain: 'get',
  obtains: 'gets',
  obtained: 'got',
  purchase: 'buy',
  'assist with': 'help with',
  require: 'need',
  must: 'need to',
  demonstrate: 'show',
  inform: 'tell',
  perhaps: 'maybe',
  'a great deal of': 'a lot of',
  many: 'lots of',
  'do not': "don't",
  cannot: "can't",
  'will not': "won't",
  'it is': "it's",
  'i am': "I'm",
  'we are': "we're",
  'is not': "isn't",
};

/** Rephrase without a style or tone: trims wordy phrases. */
export const DEFAULT_REPHRASE: WordMap = {
  'in order to': 'to',
  utilize: 'use',
  'at this point in time': 'now',
  'due to the fact that': 'because',
  'very unique': 'unique',
};

/** English substitutions per writing style or tone (after the default ones). */
export const STYLE_WORDS: Readonly<Record<string, WordMap>> = {
  business: FORMAL,
  academic: { ...FORMAL, think: 'consider', big: 'substantial', about: 'approximately' },
  simple: { approximately: 'about', commence: 'start', purchase: 'buy', assist: 'help', additional: 'more' },
  casual: CASUAL,
  enthusiastic: { ...CASUAL, good: 'great', nice: 'wonderful', interesting: 'fascinating', happy: 'delighted' },
  friendly: { ...CASUAL, hello: 'hi', dear: 'hi', regards: 'best wishes', 'thank you': 'thanks' },
  confident: { 'i think': 'I am confident that', maybe: 'certainly', might: 'will', 'try to': 'will' },
  diplomatic: { 'you must': 'you may want to', wrong: 'not quite right', bad: 'less than ideal', never: 'rarely' },
};

export function invert(map: WordMap): WordMap {
  return Object.fromEntries(Object.entries(map).map(([k, v]) => [v, k]));
}

/**
 * franc-min's ISO 639-3 codes of the languages the translation service reads, with the service's
 * upper-case source codes (docs/contract.md §9.6). Shared by the worker's page-language detection and the
 * local service's source detection (service/engine/detect.ts).
 */
export const FRANC_CODES: Readonly<Record<string, string>> = {
  arb: 'AR',
  bul: 'BG',
  ces: 'CS',
  cmn: 'ZH',
  deu: 'DE',
  ell: 'EL',
  eng: 'EN',
  fra: 'FR',
  hin: 'HI',
  hun: 'HU',
  ind: 'ID',
  ita: 'IT',
  jpn: 'JA',
  kor: 'KO',
  nld: 'NL',
  pol: 'PL',
  por: 'PT',
  ron: 'RO',
  rus: 'RU',
  spa: 'ES',
  swe: 'SV',
  tha: 'TH',
  tur: 'TR',
  ukr: 'UK',
  vie: 'VI',
};

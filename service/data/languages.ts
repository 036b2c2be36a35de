import type { ServiceState } from '../stores/state.ts';

/**
 * The language catalogue, per resource (docs/contract.md §2.4, §2.5, §4.4). Each service instance works on its own
 * copy, so the test-mode control API can add languages and features at run time and `/__control/reset`
 * brings back the seed.
 */

export const RESOURCES = ['translate_text', 'translate_document', 'glossary', 'voice', 'write', 'style_rules'] as const;
export type Resource = (typeof RESOURCES)[number];
export type Status = 'stable' | 'beta' | 'early_access';

export interface Feature {
  status: Status;
  /** Relies on a third-party provider: listed only with `include=external`. */
  external?: boolean;
}

export interface Language {
  /** BCP 47 code as the v3 endpoints show it (`de`, `en-GB`, `zh-Hant`). */
  lang: string;
  name: string;
  source: boolean;
  target: boolean;
  status: Status;
  features: Record<string, Feature>;
  /** Left beta for next-gen models only (docs/contract.md §4.1 rule 7): refuses latency_optimized. Internal. */
  promotedFromBeta?: boolean;
}

export type Catalogue = Record<Resource, Language[]>;

export function isResource(value: string): value is Resource {
  return (RESOURCES as readonly string[]).includes(value);
}

/** Lower-case base language of a code: `en-GB` -> `en`. */
export function baseOf(code: string): string {
  return code.split('-')[0]!.toLowerCase();
}

/** BCP 47 casing (`EN-us` -> `en-US`, `zh-hant` -> `zh-Hant`, `es-419` stays). */
export function canonicalCode(code: string): string {
  const [base = '', ...rest] = code.trim().split(/[-_]/);
  const parts = rest.map((p) => (p.length === 4 ? p[0]!.toUpperCase() + p.slice(1).toLowerCase() : p.toUpperCase()));
  return [base.toLowerCase(), ...parts].join('-');
}

const BASES: Array<[code: string, name: string]> = [
  ['ar', 'Arabic'],
  ['bg', 'Bulgarian'],
  ['cs', 'Czech'],
  ['da', 'Danish'],
  ['de', 'German'],
  ['el', 'Greek'],
  ['en', 'English'],
  ['es', 'Spanish'],
  ['et', 'Estonian'],
  ['fi', 'Finnish'],
  ['fr', 'French'],
  ['he', 'Hebrew'],
  ['hu', 'Hungarian'],
  ['id', 'Indonesian'],
  ['it', 'Italian'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['lt', 'Lithuanian'],
  ['lv', 'Latvian'],
  ['nb', 'Norwegian Bokmål'],
  ['nl', 'Dutch'],
  ['pl', 'Polish'],
  ['pt', 'Portuguese'],
  ['ro', 'Romanian'],
  ['ru', 'Russian'],
  ['sk', 'Slovak'],
  ['sl', 'Slovenian'],
  ['sv', 'Swedish'],
  ['th', 'Thai'],
  ['tr', 'Turkish'],
  ['uk', 'Ukrainian'],
  ['vi', 'Vietnamese'],
  ['zh', 'Chinese'],
];

/** The glossary language codes of docs/contract.md §2.3. */
export const GLOSSARY_LANGUAGES: readonly string[] = BASES.map(([code]) => code);

const VARIANTS: Array<[code: string, name: string, status: Status]> = [
  ['de-CH', 'German (Swiss)', 'beta'],
  ['en-GB', 'English (British)', 'stable'],
  ['en-US', 'English (American)', 'stable'],
  ['es-419', 'Spanish (Latin American)', 'stable'],
  ['fr-CA', 'French (Canadian)', 'beta'],
  ['pt-BR', 'Portuguese (Brazilian)', 'stable'],
  ['pt-PT', 'Portuguese (European)', 'stable'],
  ['zh-Hans', 'Chinese (simplified)', 'stable'],
  ['zh-Hant', 'Chinese (traditional)', 'stable'],
];

/** Bases that are targets only through their variants (a bare `en` or `pt` target is ambiguous). */
const VARIANT_ONLY_TARGETS = new Set(['en', 'pt']);

/** docs/contract.md §4.1 rule 6; documents have the same list without es-419 (§4.2). */
export const FORMALITY_TARGETS = ['de', 'fr', 'it', 'es', 'es-419', 'nl', 'pl', 'pt-BR', 'pt-PT', 'ja', 'ru'];
const STYLE_RULE_BASES = new Set(['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'zh']);
/** Moved out of beta for next-gen models only (docs/contract.md §4.1 rule 7). */
const PROMOTED_FROM_BETA = new Set(['he', 'th', 'vi']);

const stable: Feature = { status: 'stable' };

function translation(resource: 'translate_text' | 'translate_document'): Language[] {
  const formality = new Set(FORMALITY_TARGETS.filter((c) => resource === 'translate_text' || c !== 'es-419'));
  const out: Language[] = [];
  const add = (lang: string, name: string, source: boolean, status: Status) => {
    const target = !VARIANT_ONLY_TARGETS.has(lang);
    const features: Record<string, Feature> = { glossary: stable, tag_handling: stable };
    if (source) features.auto_detection = stable;
    if (target && formality.has(lang)) features.formality = stable;
    if (target && resource === 'translate_text' && STYLE_RULE_BASES.has(baseOf(lang))) features.style_rules = stable;
    out.push({
      lang,
      name,
      source,
      target,
      status,
      features,
      promotedFromBeta: PROMOTED_FROM_BETA.has(lang) || undefined,
    });
  };
  for (const [code, name] of BASES) add(code, name, true, 'stable');
  for (const [code, name, status] of VARIANTS) add(code, name, false, status);
  // A language still in beta as a whole: listed only with include=beta, and without glossary support.
  out.push({
    lang: 'hi',
    name: 'Hindi',
    source: true,
    target: true,
    status: 'beta',
    features: { auto_detection: { status: 'beta' }, tag_handling: { status: 'beta' } },
  });
  return out.map(dropUndefined);
}

function dropUndefined(language: Language): Language {
  if (language.promotedFromBeta === undefined) delete language.promotedFromBeta;
  return language;
}

function glossary(): Language[] {
  return BASES.map(([lang, name]) => ({ lang, name, source: true, target: true, status: 'stable', features: {} }));
}

const WRITE_STYLED = new Set(['de', 'en-GB', 'en-US', 'es', 'fr', 'it', 'pt-BR', 'pt-PT']);

function write(): Language[] {
  const names = new Map([...BASES, ...VARIANTS.map(([c, n]) => [c, n] as [string, string])]);
  const sources = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'zh'];
  // docs/contract.md §4.5: correct takes every code listed here, rephrase all but the bare en and pt.
  const targets = ['de', 'en', 'en-GB', 'en-US', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'pt-BR', 'pt-PT', 'zh', 'zh-Hans'];
  return [...new Set([...sources, ...targets])].sort().map((lang) => {
    const features: Record<string, Feature> = {};
    if (sources.includes(lang)) features.auto_detection = stable;
    if (WRITE_STYLED.has(lang)) {
      features.writing_style = stable;
      features.tone = stable;
    }
    return {
      lang,
      name: names.get(lang) ?? lang,
      source: sources.includes(lang),
      target: targets.includes(lang),
      status: 'stable' as const,
      features,
    };
  });
}

function voice(): Language[] {
  const sources = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'ru', 'sv', 'tr', 'uk', 'zh'];
  const targets = ['de', 'en-GB', 'en-US', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt-BR', 'pt-PT', 'ru', 'zh-Hans'];
  // Speech in these voices comes from the service's own engine; the others go through a partner.
  const ownVoices = new Set(['de', 'en-GB', 'en-US', 'es', 'fr', 'it']);
  const names = new Map([...BASES, ...VARIANTS.map(([c, n]) => [c, n] as [string, string])]);
  return [...new Set([...sources, ...targets])].sort().map((lang) => {
    const source = sources.includes(lang);
    const target = targets.includes(lang);
    const features: Record<string, Feature> = { glossary: stable };
    if (source) {
      features.auto_detection = stable;
      features.transcription = stable;
    }
    if (target) features.translated_speech = ownVoices.has(lang) ? stable : { status: 'stable', external: true };
    return { lang, name: names.get(lang) ?? lang, source, target, status: 'stable' as const, features };
  });
}

function styleRules(): Language[] {
  return BASES.filter(([code]) => STYLE_RULE_BASES.has(code)).map(([lang, name]) => ({
    lang,
    name,
    source: false,
    target: true,
    status: 'stable',
    features: {},
  }));
}

export function seedCatalogue(): Catalogue {
  return {
    translate_text: translation('translate_text'),
    translate_document: translation('translate_document'),
    glossary: glossary(),
    voice: voice(),
    write: write(),
    style_rules: styleRules(),
  };
}

/** Feature descriptors of `GET /v3/languages/resources` (docs/contract.md §2.5). */
export const RESOURCE_FEATURES: Record<Resource, Array<{ name: string; source: boolean; target: boolean }>> = {
  translate_text: [
    { name: 'auto_detection', source: true, target: false },
    { name: 'formality', source: false, target: true },
    { name: 'glossary', source: true, target: true },
    { name: 'style_rules', source: false, target: true },
    { name: 'tag_handling', source: true, target: true },
  ],
  translate_document: [
    { name: 'auto_detection', source: true, target: false },
    { name: 'formality', source: false, target: true },
    { name: 'glossary', source: true, target: true },
    { name: 'tag_handling', source: true, target: true },
  ],
  glossary: [],
  voice: [
    { name: 'auto_detection', source: true, target: false },
    { name: 'glossary', source: true, target: true },
    { name: 'transcription', source: true, target: false },
    { name: 'translated_speech', source: false, target: true },
  ],
  write: [
    { name: 'auto_detection', source: true, target: false },
    { name: 'tone', source: false, target: true },
    { name: 'writing_style', source: false, target: true },
  ],
  style_rules: [],
};

/** This instance's catalogue (`state.languages`; reset to the seed by `/__control/reset`). */
export function catalogue(state: ServiceState): Catalogue {
  return state.languages.catalogue;
}

/** The catalogue entry for a code (case-insensitive), whatever its status. */
export function findLanguage(state: ServiceState, resource: Resource, code: string): Language | undefined {
  const wanted = code.trim().toLowerCase();
  return catalogue(state)[resource].find((l) => l.lang.toLowerCase() === wanted);
}

/** A source-usable language of the resource, or undefined. */
export function sourceLanguage(state: ServiceState, resource: Resource, code: string): Language | undefined {
  const language = findLanguage(state, resource, code);
  return language?.source ? language : undefined;
}

/** A target-usable language of the resource, or undefined. */
export function targetLanguage(state: ServiceState, resource: Resource, code: string): Language | undefined {
  const language = findLanguage(state, resource, code);
  return language?.target ? language : undefined;
}

export function hasFeature(language: Language | undefined, feature: string): boolean {
  return language !== undefined && feature in language.features;
}

/** Characters into a beta target are not billed (docs/contract.md §3, §D6). */
export function isBilledTarget(state: ServiceState, resource: Resource, target: string): boolean {
  return findLanguage(state, resource, target)?.status !== 'beta';
}

export interface LanguageChange {
  resource: Resource;
  lang: string;
  name?: string;
  /** With a feature: adds or updates that feature of an existing language. */
  feature?: string;
  status?: Status;
  external?: boolean;
  source?: boolean;
  target?: boolean;
}

/**
 * Adds a language to a resource (or updates one), or a feature key to a language: how tests simulate a
 * new language or feature appearing (docs/contract.md §9.5: clients must not hard-code either). Returns the
 * entry, or undefined when a feature is added to a language the resource does not have.
 */
export function changeLanguage(state: ServiceState, change: LanguageChange): Language | undefined {
  const list = catalogue(state)[change.resource];
  const lang = canonicalCode(change.lang);
  let language = findLanguage(state, change.resource, lang);
  if (change.feature !== undefined) {
    if (!language) return undefined;
    language.features[change.feature] = {
      status: change.status ?? 'stable',
      ...(change.external ? { external: true } : {}),
    };
    return language;
  }
  if (!language) {
    language = { lang, name: change.name ?? lang, source: true, target: true, status: 'stable', features: {} };
    list.push(language);
  }
  if (change.name !== undefined) language.name = change.name;
  if (change.status !== undefined) language.status = change.status;
  if (change.source !== undefined) language.source = change.source;
  if (change.target !== undefined) language.target = change.target;
  return language;
}

import { catalogue, hasFeature, isResource, type Language, RESOURCE_FEATURES, RESOURCES } from '../data/languages.ts';
import type { App } from '../http/env.ts';
import { badRequest } from '../http/errors.ts';
import type { ServiceState } from '../stores/state.ts';

interface Include {
  beta: boolean;
  external: boolean;
}

/** A language object of docs/contract.md §2.4, or undefined when the include flags hide it. */
function present(language: Language, include: Include): Record<string, unknown> | undefined {
  if (language.status !== 'stable' && !include.beta) return undefined;
  const features: Record<string, { status: string }> = {};
  for (const [name, feature] of Object.entries(language.features)) {
    if (feature.status !== 'stable' && !include.beta) continue;
    if (feature.external && !include.external) continue;
    features[name] = { status: feature.status };
  }
  return {
    lang: language.lang,
    name: language.name,
    usable_as_source: language.source,
    usable_as_target: language.target,
    status: language.status,
    features,
  };
}

/** v2 casing: `EN-US`, `ZH-HANT`, `ES-419`. */
const v2Code = (lang: string) => lang.toUpperCase();

export function register(app: App, state: ServiceState): void {
  app.get('/v3/languages', (c) => {
    const resource = c.req.query('resource');
    if (resource === undefined || resource === '') throw badRequest("Parameter 'resource' is required");
    if (!isResource(resource)) {
      throw badRequest(`Value for 'resource' not supported: ${resource}`, `Use one of ${RESOURCES.join(', ')}`);
    }
    const includes = (c.req.queries('include') ?? []).flatMap((v) => v.split(',')).map((v) => v.trim());
    const unknown = includes.filter((v) => v !== 'beta' && v !== 'external' && v !== '');
    if (unknown.length > 0) throw badRequest(`Value for 'include' not supported: ${unknown.join(', ')}`);
    const include = { beta: includes.includes('beta'), external: includes.includes('external') };
    const languages = catalogue(state)[resource].flatMap((l) => present(l, include) ?? []);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(languages);
  });

  app.get('/v3/languages/resources', (c) =>
    c.json(
      RESOURCES.map((name) => ({
        name,
        // The reference output gives a flag only where it is true.
        features: RESOURCE_FEATURES[name].map((f) => ({
          name: f.name,
          ...(f.source ? { needs_source_support: true } : {}),
          ...(f.target ? { needs_target_support: true } : {}),
        })),
      })),
    ),
  );

  app.get('/v2/languages', (c) => {
    const type = c.req.query('type') ?? 'source';
    if (type !== 'source' && type !== 'target') throw badRequest(`Value for 'type' not supported: ${type}`);
    const stable = catalogue(state).translate_text.filter((l) => l.status === 'stable');
    if (type === 'source') {
      return c.json(stable.filter((l) => l.source).map((l) => ({ language: v2Code(l.lang), name: l.name })));
    }
    return c.json(
      stable
        .filter((l) => l.target)
        .map((l) => ({ language: v2Code(l.lang), name: l.name, supports_formality: hasFeature(l, 'formality') })),
    );
  });

  app.get('/v2/glossary-language-pairs', (c) => {
    const codes = catalogue(state).glossary.filter((l) => l.status === 'stable');
    const pairs = codes.flatMap((s) =>
      codes
        .filter((t) => t.lang !== s.lang && s.source && t.target)
        .map((t) => ({ source_lang: s.lang, target_lang: t.lang })),
    );
    return c.json({ supported_languages: pairs });
  });
}

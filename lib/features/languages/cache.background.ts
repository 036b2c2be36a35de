import type { Language } from '../../api/index.ts';
import { clientFor, INTERACTIVE_RETRY } from '../../background/client.ts';
import { appDb } from '../../db/index.ts';
import { accountScope } from '../../db/scope.ts';
import { getCredentials } from '../../settings/credentials.ts';

/** The contract suggests caching language lists for up to one hour. */
export const LANGUAGES_TTL_MS = 60 * 60 * 1000;

type Resource = 'translate_text' | 'translate_document' | 'glossary' | 'voice' | 'write' | 'style_rules';

/**
 * Languages of a resource: from the Dexie cache when younger than an hour, else from the service.
 * When the service is unreachable a stale cache is better than nothing, so it is returned then.
 */
export async function getLanguages(
  resource: Resource,
  { includeBeta = false, refresh = false }: { includeBeta?: boolean; refresh?: boolean } = {},
): Promise<Language[]> {
  const creds = await getCredentials();
  const scope = await accountScope(creds.serverUrl, creds.apiKey);
  const include = includeBeta ? 'beta' : '';
  const db = appDb();
  const cached = await db.languages.get([scope, resource, include]);
  if (cached && !refresh && Date.now() - cached.fetchedAt < LANGUAGES_TTL_MS) return cached.languages as Language[];
  try {
    const client = await clientFor('options', { retry: INTERACTIVE_RETRY });
    const languages = await client.getLanguages(resource, { includeBeta });
    await db.languages.put({ scope, resource, include, fetchedAt: Date.now(), languages });
    return languages;
  } catch (e) {
    if (cached) return cached.languages as Language[];
    throw e;
  }
}

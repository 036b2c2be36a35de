import { ApiClient, type TransportOptions } from '../api/index.ts';
import { getCredentials } from '../settings/credentials.ts';
import { getPreferences } from '../settings/items.ts';
import { NO_KEY_MESSAGE } from '../ui/describe-error.ts';

/** The Verso feature a request serves; sent as X-Service-Reporting-Tag when the user allows it. */
export type Feature = 'page' | 'selection' | 'popup' | 'writing' | 'video' | 'document' | 'options' | 'admin';

export class MissingKeyError extends Error {
  readonly code = 'auth';
  readonly name = 'MissingKeyError';
  constructor() {
    super(NO_KEY_MESSAGE);
  }
}

/**
 * For requests a person is waiting on in a settings page: one retry, so "the service cannot be reached"
 * shows in a couple of seconds instead of after the full back-off of the default policy.
 */
export const INTERACTIVE_RETRY = { maxAttempts: 2 } as const;

/**
 * A client for the saved credentials. Built per call (cheap), so a changed key or server URL takes
 * effect at once and nothing caches the key outside storage.
 */
export async function clientFor(
  feature?: Feature,
  overrides: { apiKey?: string; serverUrl?: string } & Pick<TransportOptions, 'timeoutMs' | 'retry'> = {},
) {
  const [creds, prefs] = await Promise.all([getCredentials(), getPreferences()]);
  const apiKey = overrides.apiKey ?? creds.apiKey;
  if (!apiKey) throw new MissingKeyError();
  const serverUrl = overrides.serverUrl ?? creds.serverUrl;
  return new ApiClient({
    apiKey,
    serverUrl: serverUrl || undefined,
    reportingTag: prefs.reportingTags && feature ? `verso-${feature}` : undefined,
    // A large document upload needs longer than one text request; a poller with its own back-off, no retries.
    ...(overrides.timeoutMs !== undefined ? { timeoutMs: overrides.timeoutMs } : {}),
    ...(overrides.retry !== undefined ? { retry: overrides.retry } : {}),
  });
}

/** A client authenticated with the organisation admin key (admin endpoints). */
export async function adminClient() {
  const creds = await getCredentials();
  if (!creds.adminKey) {
    throw Object.assign(new Error('No admin key is set. Enter it in Verso options, Connection.'), { code: 'auth' });
  }
  return new ApiClient({ apiKey: creds.adminKey, serverUrl: creds.serverUrl || undefined });
}

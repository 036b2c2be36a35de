import type { Context } from 'hono';
import { type Params, readParams } from '../http/body.ts';
import type { App, AppEnv } from '../http/env.ts';
import { badRequest, notFound, ServiceError } from '../http/errors.ts';
import { type ApiKey, DEFAULT_KEY_LABEL, MAX_ACTIVE_KEYS } from '../stores/accounts.ts';
import type { ServiceState } from '../stores/state.ts';

/**
 * Admin API: developer keys (docs/contract.md §4.6). Keys live in `state.accounts.keys`, so deactivation takes effect in
 * the auth middleware at once; analytics are in admin-analytics.ts.
 */

const MAX_LABEL_LENGTH = 1024;

export function developerKeyJson(key: ApiKey) {
  return {
    key_id: key.keyId,
    label: key.label,
    creation_time: key.creationTime,
    // null while active: the reference API's default for the field.
    deactivated_time: key.deactivatedTime ?? null,
    is_deactivated: key.deactivatedTime !== undefined,
    usage_limits: {
      characters: key.characterLimit,
      speech_to_text_milliseconds: key.speechToTextMillisecondsLimit,
    },
  };
}

function accountId(c: Context<AppEnv>): string {
  return c.get('account').id;
}

function keyOf(state: ServiceState, account: string, params: Params): ApiKey {
  const keyId = params.key_id;
  if (typeof keyId !== 'string' || keyId === '') throw badRequest("Parameter 'key_id' is required");
  const key = state.accounts.keyById(keyId);
  if (!key || key.accountId !== account) throw notFound(`Developer key '${keyId}' not found`);
  return key;
}

function checkedLabel(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw badRequest("Parameter 'label' must be a non-empty string");
  if (value.length > MAX_LABEL_LENGTH)
    throw badRequest(`Parameter 'label' is longer than ${MAX_LABEL_LENGTH} characters`);
  return value;
}

/**
 * A usage limit: a non-negative integer, or null for "no limit". Forms cannot send null, so an empty
 * value or the word `null` stands for it there.
 */
function limit(value: unknown, name: string): number | null {
  if (value === null || value === '' || value === 'null') return null;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
    throw badRequest(`Parameter '${name}' must be an integer of 0 or more, or null for no limit`);
  return n;
}

export function register(app: App, state: ServiceState): void {
  app.post('/v2/admin/developer-keys', async (c) => {
    const params = await readParams(c, 64 * 1024);
    const account = accountId(c);
    const active = state.accounts.keysOf(account).filter((k) => !k.deactivatedTime).length;
    if (active >= MAX_ACTIVE_KEYS)
      throw new ServiceError(
        400,
        `At most ${MAX_ACTIVE_KEYS} developer keys can be active at the same time; deactivate one first`,
        undefined,
        'too_many_active_keys',
      );
    const unnamed = params.label === undefined || params.label === null || params.label === '';
    const key = state.accounts.addKey(account, unnamed ? DEFAULT_KEY_LABEL : checkedLabel(params.label));
    // The secret is shown only here, once; it is never listed again.
    return c.json({ ...developerKeyJson(key), key: key.secret });
  });

  app.get('/v2/admin/developer-keys', (c) => c.json(state.accounts.keysOf(accountId(c)).map(developerKeyJson)));

  app.put('/v2/admin/developer-keys/deactivate', async (c) => {
    const key = keyOf(state, accountId(c), await readParams(c, 64 * 1024));
    // Deactivation is permanent; repeating it keeps the first time.
    key.deactivatedTime ??= state.now().toISOString();
    return c.json(developerKeyJson(key));
  });

  app.put('/v2/admin/developer-keys/label', async (c) => {
    const params = await readParams(c, 64 * 1024);
    const key = keyOf(state, accountId(c), params);
    key.label = checkedLabel(params.label);
    return c.json(developerKeyJson(key));
  });

  app.put('/v2/admin/developer-keys/limits', async (c) => {
    const params = await readParams(c, 64 * 1024);
    const key = keyOf(state, accountId(c), params);
    if (!('characters' in params))
      throw badRequest("Parameter 'characters' is required (an integer of 0 or more, or null for no limit)");
    const characters = limit(params.characters, 'characters');
    const speech =
      params.speech_to_text_milliseconds === undefined
        ? key.speechToTextMillisecondsLimit
        : limit(params.speech_to_text_milliseconds, 'speech_to_text_milliseconds');
    key.characterLimit = characters;
    key.speechToTextMillisecondsLimit = speech;
    return c.json(developerKeyJson(key));
  });
}

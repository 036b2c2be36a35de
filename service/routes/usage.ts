import type { App } from '../http/env.ts';
import type { ApiKey } from '../stores/accounts.ts';
import type { ServiceState } from '../stores/state.ts';
import type { UsageService } from '../stores/usage.ts';

/** How the reference service shows "no limit" in `/v2/usage` (a key without a character limit). */
export const UNLIMITED = 1_000_000_000_000;

const PRODUCTS: readonly UsageService[] = ['text_translation', 'document_translation', 'text_improvement'];

/** Characters per service in the current period, for the key and for its whole account. */
function countsByService(state: ServiceState, key: ApiKey): Record<UsageService, { key: number; account: number }> {
  const from = state.usage.period().start.toISOString();
  const out = Object.fromEntries(PRODUCTS.map((p) => [p, { key: 0, account: 0 }])) as Record<
    UsageService,
    { key: number; account: number }
  >;
  for (const r of state.usage.records) {
    if (r.at < from || r.accountId !== key.accountId) continue;
    out[r.service].account += r.characters;
    if (r.keyId === key.keyId) out[r.service].key += r.characters;
  }
  return out;
}

/** `GET /v2/usage` (docs/contract.md §4.8, §D5), from the usage ledger. */
export function register(app: App, state: ServiceState): void {
  app.get('/v2/usage', (c) => {
    const key = c.get('key');
    const account = c.get('account');
    const used = state.usage.usedInPeriod(key);
    if (account.tier === 'free') {
      return c.json({ character_count: used.account, character_limit: account.characterLimit });
    }
    const { start, end } = state.usage.period();
    const counts = countsByService(state, key);
    return c.json({
      character_count: used.account,
      character_limit: account.characterLimit,
      api_key_character_count: used.key,
      api_key_character_limit: key.characterLimit ?? UNLIMITED,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      // Voice is not simulated: nothing is ever transcribed, so the count stays 0.
      speech_to_text_milliseconds_count: 0,
      speech_to_text_milliseconds_limit: key.speechToTextMillisecondsLimit ?? UNLIMITED,
      products: [
        ...PRODUCTS.map((product) => ({
          product_type: product,
          billing_unit: 'characters',
          api_key_unit_count: counts[product].key,
          account_unit_count: counts[product].account,
        })),
        { product_type: 'speech_to_text', billing_unit: 'milliseconds', api_key_unit_count: 0, account_unit_count: 0 },
      ],
    });
  });
}

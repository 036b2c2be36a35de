import { randomUUID } from 'node:crypto';
import type { ServiceOptions } from '../config.ts';

export type Tier = 'free' | 'paid';

export interface Account {
  id: string;
  tier: Tier;
  /** Cost control: characters per monthly period across all keys of the account. */
  characterLimit: number;
}

/** An API key (a developer key of an organisation, or a free account's key). */
export interface ApiKey {
  /** The secret sent in `Authorization: Service-Auth-Key <secret>`. */
  secret: string;
  /** Public id: two GUIDs joined by ':' (docs/contract.md §2.8). */
  keyId: string;
  accountId: string;
  label: string;
  creationTime: string;
  deactivatedTime?: string;
  /** null = unlimited, 0 = blocked (docs/contract.md §4.6). */
  characterLimit: number | null;
  speechToTextMillisecondsLimit: number | null;
}

export interface AdminKey {
  secret: string;
  accountId: string;
}

export const DEFAULT_KEY_LABEL = 'Service API Key';
export const MAX_ACTIVE_KEYS = 25;

/** Accounts, their API keys and admin keys, seeded with a paid and a free account. */
export class AccountStore {
  readonly accounts = new Map<string, Account>();
  readonly keys = new Map<string, ApiKey>(); // by secret
  readonly adminKeys = new Map<string, AdminKey>();

  constructor(
    private readonly options: ServiceOptions,
    private readonly now: () => Date,
  ) {
    this.seed();
  }

  reset(): void {
    this.accounts.clear();
    this.keys.clear();
    this.adminKeys.clear();
    this.seed();
  }

  private seed(): void {
    const o = this.options;
    this.accounts.set('paid', { id: 'paid', tier: 'paid', characterLimit: o.paidCharacterLimit });
    this.accounts.set('free', { id: 'free', tier: 'free', characterLimit: o.freeCharacterLimit });
    this.addKey('paid', 'Verso default key', o.paidKey);
    this.addKey('free', DEFAULT_KEY_LABEL, o.freeKey);
    this.adminKeys.set(o.adminKey, { secret: o.adminKey, accountId: 'paid' });
  }

  addKey(accountId: string, label: string, secret?: string): ApiKey {
    const account = this.accounts.get(accountId);
    const key: ApiKey = {
      secret: secret ?? `${randomUUID()}${account?.tier === 'free' ? ':fx' : ''}`,
      keyId: `${randomUUID()}:${randomUUID()}`,
      accountId,
      label,
      creationTime: this.now().toISOString(),
      characterLimit: null,
      speechToTextMillisecondsLimit: null,
    };
    this.keys.set(key.secret, key);
    return key;
  }

  keyById(keyId: string): ApiKey | undefined {
    for (const key of this.keys.values()) if (key.keyId === keyId) return key;
    return undefined;
  }

  keysOf(accountId: string): ApiKey[] {
    return [...this.keys.values()].filter((k) => k.accountId === accountId);
  }
}

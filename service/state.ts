import { randomUUID } from 'node:crypto';
import type { ServiceOptions } from './config.ts';
import { quotaExceeded } from './http/errors.ts';

export type Tier = 'free' | 'paid';
export type UsageService = 'text_translation' | 'document_translation' | 'text_improvement';

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

export interface UsageRecord {
  keyId: string;
  accountId: string;
  /** ISO timestamp of the billable event. */
  at: string;
  service: UsageService;
  characters: number;
  /** Value of X-Service-Reporting-Tag, when the request carried one. */
  tag?: string;
}

export const DEFAULT_KEY_LABEL = 'Service API Key';
export const MAX_ACTIVE_KEYS = 25;

/**
 * All state of the local service lives in memory (README says so). Feature modules keep their own
 * stores and register a reset hook, so `/__control/reset` brings everything back to the seed.
 */
export class ServiceState {
  accounts = new Map<string, Account>();
  keys = new Map<string, ApiKey>(); // by secret
  adminKeys = new Map<string, AdminKey>();
  usage: UsageRecord[] = [];
  private resetHooks: Array<() => void> = [];
  /** Clock, replaceable in tests. */
  now: () => Date = () => new Date();
  /**
   * Runs `run` in `ms` (a document's steps); answers what cancels it. Replaceable in tests, which then
   * decide when a step happens instead of racing its timer. A pending step does not keep the process alive.
   */
  later: (ms: number, run: () => void) => () => void = (ms, run) => {
    const timer = setTimeout(run, ms);
    timer.unref?.();
    return () => clearTimeout(timer);
  };

  constructor(readonly options: ServiceOptions) {
    this.seed();
  }

  onReset(hook: () => void): void {
    this.resetHooks.push(hook);
  }

  reset(): void {
    this.accounts.clear();
    this.keys.clear();
    this.adminKeys.clear();
    this.usage = [];
    this.seed();
    for (const hook of this.resetHooks) hook();
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

  /** Start and end of the current monthly usage period (UTC calendar month). */
  period(): { start: Date; end: Date } {
    const n = this.now();
    return {
      start: new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), 1)),
      end: new Date(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() + 1, 1)),
    };
  }

  /** Characters used in the current period, by key and by the key's whole account. */
  usedInPeriod(key: ApiKey): { key: number; account: number } {
    const { start } = this.period();
    const from = start.toISOString();
    let byKey = 0;
    let byAccount = 0;
    for (const r of this.usage) {
      if (r.at < from || r.accountId !== key.accountId) continue;
      byAccount += r.characters;
      if (r.keyId === key.keyId) byKey += r.characters;
    }
    return { key: byKey, account: byAccount };
  }

  /**
   * Throws 456 when billing `characters` more would pass the key-level limit or the account's cost
   * control. A limit of 0 blocks the key outright.
   */
  assertQuota(key: ApiKey, characters: number): void {
    const used = this.usedInPeriod(key);
    if (key.characterLimit !== null && (key.characterLimit === 0 || used.key + characters > key.characterLimit)) {
      throw quotaExceeded('Quota exceeded: the character limit of this key is reached');
    }
    const account = this.accounts.get(key.accountId);
    if (account && used.account + characters > account.characterLimit) {
      throw quotaExceeded('Quota exceeded: the character limit of the account is reached');
    }
  }

  recordUsage(key: ApiKey, service: UsageService, characters: number, tag?: string): void {
    if (characters <= 0) return;
    this.usage.push({
      keyId: key.keyId,
      accountId: key.accountId,
      at: this.now().toISOString(),
      service,
      characters,
      ...(tag ? { tag } : {}),
    });
  }
}

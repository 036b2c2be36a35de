import { quotaExceeded } from '../http/errors.ts';
import type { AccountStore, ApiKey } from './accounts.ts';

export type UsageService = 'text_translation' | 'document_translation' | 'text_improvement';

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

/** The usage ledger: the source of `/v2/usage`, key limits, cost control and analytics. */
export class UsageLedger {
  records: UsageRecord[] = [];

  constructor(
    private readonly accounts: AccountStore,
    private readonly now: () => Date,
  ) {}

  reset(): void {
    this.records = [];
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
    for (const r of this.records) {
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
    const account = this.accounts.accounts.get(key.accountId);
    if (account && used.account + characters > account.characterLimit) {
      throw quotaExceeded('Quota exceeded: the character limit of the account is reached');
    }
  }

  record(key: ApiKey, service: UsageService, characters: number, tag?: string): void {
    if (characters <= 0) return;
    this.records.push({
      keyId: key.keyId,
      accountId: key.accountId,
      at: this.now().toISOString(),
      service,
      characters,
      ...(tag ? { tag } : {}),
    });
  }
}

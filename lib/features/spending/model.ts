import { computed, signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { Held, SpendingLimits } from './guard.ts';
import type { SpendingStatus } from './messages.ts';

export interface SpendingDeps {
  send: Send;
  /** The popup's tab (its site's hold is shown first); the settings page has none. */
  tabId?: () => Promise<number | undefined>;
}

/** A limit field as the person is typing it: text until it parses. */
export type LimitKey = keyof SpendingLimits;

/**
 * What Verso spent today and holds back, for the popup's banner and the settings page's "Spending":
 * `continueFor` lets a held site spend again, `saveLimits` changes the limits.
 */
export class SpendingModel {
  readonly status = signal<SpendingStatus | undefined>(undefined);
  readonly error = signal<ErrorInfo | undefined>(undefined);
  readonly saved = signal(false);
  /** The limit fields as typed (text until saved). */
  readonly drafts = signal<Partial<Record<LimitKey, string>>>({});
  /** A limit field that does not hold a whole number in its range. */
  readonly invalid = computed<LimitKey[]>(() =>
    (Object.entries(this.drafts.value) as [LimitKey, string][])
      .filter(([, text]) => !/^\d+$/.test(text.replace(/[\s,.'’]/g, '')))
      .map(([key]) => key),
  );
  /** Held sites, the popup tab's first. */
  readonly held = computed<Held[]>(() => {
    const status = this.status.value;
    if (!status) return [];
    const site = status.site;
    return [...status.held].sort((a, b) => Number(b.site === site) - Number(a.site === site));
  });
  /** Today's sites, most spent first. */
  readonly sites = computed(() =>
    Object.entries(this.status.value?.today.sites ?? {})
      .map(([site, chars]) => ({ site, chars }))
      .sort((a, b) => b.chars - a.chars),
  );

  private disposed = false;

  constructor(private readonly deps: SpendingDeps) {}

  async load(): Promise<void> {
    const tabId = await this.deps.tabId?.();
    const result = await this.deps.send('spending.status', tabId !== undefined ? { tabId } : {});
    if (this.disposed) return;
    if (result.ok) {
      this.status.value = result.value;
      this.error.value = undefined;
    } else this.error.value = result.error;
  }

  async continueFor(site: string): Promise<void> {
    const result = await this.deps.send('spending.continue', { site });
    if (this.disposed) return;
    if (!result.ok) {
      this.error.value = result.error;
      return;
    }
    await this.load();
  }

  edit(key: LimitKey, text: string): void {
    this.saved.value = false;
    this.drafts.value = { ...this.drafts.value, [key]: text };
  }

  /** Saves the typed limits (separators allowed: "150,000"); the background checks their ranges. */
  async saveDrafts(): Promise<void> {
    if (this.invalid.value.length > 0) return;
    const limits: Partial<SpendingLimits> = {};
    for (const [key, text] of Object.entries(this.drafts.value) as [LimitKey, string][]) {
      limits[key] = Number(text.replace(/[\s,.'’]/g, ''));
    }
    await this.saveLimits(limits);
    if (!this.error.value) this.drafts.value = {};
  }

  async saveLimits(limits: Partial<SpendingLimits> | 'defaults'): Promise<void> {
    this.saved.value = false;
    this.error.value = undefined;
    const result = await this.deps.send('spending.setLimits', limits === 'defaults' ? { reset: true } : limits);
    if (this.disposed) return;
    if (!result.ok) {
      this.error.value = result.error;
      return;
    }
    this.saved.value = true;
    await this.load();
  }

  dispose(): void {
    this.disposed = true;
  }
}

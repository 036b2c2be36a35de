import { signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import type { Offer, OfferChoice } from './messages.ts';

export interface OfferDeps {
  send: Send;
  /**
   * Resolves once the page's translation shows (its first screen, or it ended short of that), or after a
   * while at most: the bar stays until then, so that the page moves once.
   */
  untilTranslated?: () => Promise<void>;
}

/**
 * The offer bar's state: shown until the person answers or closes it (for this page only). Answers go
 * to the worker, which translates the page or remembers the rule.
 */
export class OfferModel {
  readonly offer = signal<Offer | undefined>(undefined);
  readonly busy = signal(false);

  private disposed = false;

  constructor(private readonly deps: OfferDeps) {}

  show(offer: Offer): void {
    if (!this.disposed) this.offer.value = offer;
  }

  /** Not now: the bar goes, for this page. */
  dismiss(): void {
    this.offer.value = undefined;
  }

  /**
   * "Translate", "Always translate German" or "Never for this site": the bar goes either way; when the
   * page is being translated, once its translation shows.
   */
  async answer(choice: OfferChoice): Promise<void> {
    const offer = this.offer.value;
    if (!offer || this.busy.value) return;
    this.busy.value = true;
    try {
      const sent = await this.deps.send('offer.answer', { choice, lang: offer.lang });
      if (sent.ok && choice !== 'never-site') await this.deps.untilTranslated?.();
    } finally {
      this.busy.value = false;
      this.offer.value = undefined;
    }
  }

  dispose(): void {
    this.disposed = true;
    this.offer.value = undefined;
  }
}

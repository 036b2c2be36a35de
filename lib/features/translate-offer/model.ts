import { signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import type { Offer, OfferChoice } from './messages.ts';

export interface OfferDeps {
  send: Send;
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

  /** "Translate", "Always translate German" or "Never for this site": the bar goes either way. */
  async answer(choice: OfferChoice): Promise<void> {
    const offer = this.offer.value;
    if (!offer || this.busy.value) return;
    this.busy.value = true;
    try {
      await this.deps.send('offer.answer', { choice, lang: offer.lang });
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

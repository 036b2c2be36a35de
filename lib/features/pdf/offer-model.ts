import { signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { ReaderChoice } from './messages.ts';

/**
 * The card on a PDF in the browser's viewer: "Open in Verso's reader" (this once, always on this site,
 * always) or "Not now". Nothing is sent to the translation service from here.
 */
export class ReaderOfferModel {
  readonly open = signal(false);
  readonly busy = signal(false);
  readonly error = signal<ErrorInfo | undefined>(undefined);

  constructor(private readonly deps: { send: Send }) {}

  show(): void {
    this.open.value = true;
  }

  async answer(choice: ReaderChoice): Promise<void> {
    if (this.busy.value) return;
    this.busy.value = true;
    const result = await this.deps.send('pdf.open', { choice });
    this.busy.value = false;
    if (result.ok) this.open.value = false;
    else this.error.value = result.error;
  }

  dismiss(): void {
    this.open.value = false;
  }

  dispose(): void {
    this.open.value = false;
  }
}

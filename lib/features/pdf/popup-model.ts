import { signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';

/**
 * The popup's "Open this PDF in Verso's reader" (Firefox, whose PDF viewer runs no extension script, so
 * the offer card cannot appear there): the tab the popup is about opens in the reader.
 */
export class PdfPopupModel {
  readonly state = signal<'idle' | 'opening' | 'not-pdf' | 'opened'>('idle');

  constructor(private readonly deps: { send: Send; targetTab(): Promise<number | undefined> }) {}

  async open(): Promise<void> {
    this.state.value = 'opening';
    const tabId = await this.deps.targetTab();
    const answer = tabId === undefined ? undefined : await this.deps.send('pdf.openTab', { tabId });
    this.state.value = answer?.ok && answer.value.opened ? 'opened' : 'not-pdf';
  }

  dispose(): void {}
}

import { computed, signal } from '@preact/signals';
import type { Usage } from '../../api/index.ts';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import { meterRows } from './meter.ts';

export interface UsageDeps {
  send: Send;
}

/** The usage meter's state (the popup and the options page each create one). */
export class UsageModel {
  readonly usage = signal<Usage | undefined>(undefined);
  readonly error = signal<ErrorInfo | undefined>(undefined);
  readonly loading = signal(false);
  readonly rows = computed(() => (this.usage.value ? meterRows(this.usage.value) : []));

  private disposed = false;

  constructor(private readonly deps: UsageDeps) {}

  async load(): Promise<void> {
    this.loading.value = true;
    const result = await this.deps.send('usage.get', {});
    if (this.disposed) return;
    this.loading.value = false;
    if (result.ok) {
      this.usage.value = result.value;
      this.error.value = undefined;
    } else {
      this.error.value = result.error;
    }
  }

  dispose(): void {
    this.disposed = true;
  }
}

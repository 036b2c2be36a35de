import { computed, signal } from '@preact/signals';
import type { Usage } from '../../api/index.ts';
import { send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import { meterRows } from './meter.ts';

/** The usage meter's state (popup and options each have their own copy: separate pages). */
export const usage = signal<Usage | undefined>(undefined);
export const usageError = signal<ErrorInfo | undefined>(undefined);
export const loadingUsage = signal(false);

export const rows = computed(() => (usage.value ? meterRows(usage.value) : []));

export async function loadUsage(): Promise<void> {
  loadingUsage.value = true;
  const result = await send('usage.get', {});
  loadingUsage.value = false;
  if (result.ok) {
    usage.value = result.value;
    usageError.value = undefined;
  } else {
    usageError.value = result.error;
  }
}

import { computed, signal } from '@preact/signals';
import type { DeveloperKey } from '../../api/index.ts';
import { send } from '../../messaging/protocol.ts';
import type { ErrorInfo, Result } from '../../messaging/result.ts';
import { describeError } from '../../ui/describe-error.ts';
import { t } from '../../ui/i18n.ts';
import { activeKeys, atKeyCap, parseLimit, sortKeys } from './keys.ts';

/** Developer keys in the admin console; components render these and call the actions below. */
export const configured = signal<boolean | undefined>(undefined);
export const keys = signal<DeveloperKey[]>([]);
export const loadingKeys = signal(false);
export const keysError = signal<ErrorInfo | undefined>(undefined);
export const actionError = signal<string | undefined>(undefined);
export const notice = signal<string | undefined>(undefined);
/** A key just created, with its secret: shown once, until the person dismisses it. */
export const secret = signal<{ label: string; key: string } | undefined>(undefined);
/** Which key has which form open. */
export const editing = signal<{ keyId: string; form: 'rename' | 'limits' | 'deactivate' } | undefined>(undefined);
export const busy = signal(false);

export const sortedKeys = computed(() => sortKeys(keys.value));
export const activeCount = computed(() => activeKeys(keys.value).length);
export const createBlocked = computed(() => atKeyCap(keys.value));

export async function openAdmin(): Promise<void> {
  const status = await send('admin.status', {});
  configured.value = status.ok && status.value.configured;
  if (configured.value) await refreshKeys();
}

export async function refreshKeys(): Promise<void> {
  loadingKeys.value = true;
  const result = await send('admin.keys.list', {});
  loadingKeys.value = false;
  if (result.ok) {
    keys.value = result.value;
    keysError.value = undefined;
  } else {
    keysError.value = result.error;
  }
}

function put(key: DeveloperKey) {
  const { key: _secret, ...shown } = key;
  keys.value = [...keys.value.filter((k) => k.key_id !== key.key_id), shown];
}

async function act(run: () => Promise<Result<DeveloperKey>>, done: (key: DeveloperKey) => string) {
  busy.value = true;
  actionError.value = undefined;
  notice.value = undefined;
  const result = await run();
  busy.value = false;
  if (!result.ok) {
    actionError.value = describeError(result.error);
    return undefined;
  }
  put(result.value);
  editing.value = undefined;
  notice.value = done(result.value);
  return result.value;
}

export async function createKey(label: string): Promise<boolean> {
  const trimmed = label.trim();
  const created = await act(
    () => send('admin.keys.create', trimmed ? { label: trimmed } : {}),
    (k) => t('adminCreated', 'Key "$1" created.', k.label),
  );
  if (created?.key) secret.value = { label: created.label, key: created.key };
  return created !== undefined;
}

export const renameKey = (keyId: string, label: string) =>
  act(
    () => send('admin.keys.rename', { keyId, label: label.trim() }),
    (k) => t('adminRenamed', 'Key renamed to "$1".', k.label),
  );

/** Returns field problems (not sent) or undefined once the limits were saved. */
export async function setLimits(
  keyId: string,
  charactersText: string,
  speechText: string,
): Promise<{ characters?: string; speech?: string } | undefined> {
  const characters = parseLimit(charactersText);
  const speech = parseLimit(speechText);
  const problem = (p: typeof characters) =>
    p.ok ? undefined : t('adminLimitInvalid', 'Enter a whole number of 0 or more, or leave empty for no limit.');
  if (!characters.ok || !speech.ok) {
    return {
      ...(problem(characters) ? { characters: problem(characters) } : {}),
      ...(problem(speech) ? { speech: problem(speech) } : {}),
    };
  }
  await act(
    () => send('admin.keys.limits', { keyId, characters: characters.value, speechToTextMilliseconds: speech.value }),
    (k) => t('adminLimitsSaved', 'Limits of "$1" saved.', k.label),
  );
  return undefined;
}

export const deactivateKey = (keyId: string) =>
  act(
    () => send('admin.keys.deactivate', { keyId }),
    (k) => t('adminDeactivated', 'Key "$1" is deactivated. It no longer works.', k.label),
  );

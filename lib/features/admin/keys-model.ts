import { batch, computed, signal } from '@preact/signals';
import type { DeveloperKey } from '../../api/index.ts';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo, Result } from '../../messaging/result.ts';
import { describeError } from '../../ui/describe-error.ts';
import { t } from '../../ui/i18n.ts';
import { activeKeys, atKeyCap, confirmsDeactivation, limitFieldValue, parseLimit, sortKeys } from './keys.ts';

export type KeyForm = 'rename' | 'limits' | 'deactivate';

/** The form open on one key, with what has been typed in it. */
export interface KeyEditing {
  keyId: string;
  form: KeyForm;
  /** Rename: the new label. Deactivate: the label typed to confirm. */
  text: string;
  /** Limits, as typed (empty: no limit). */
  characters: string;
  speech: string;
  problems: { characters?: string; speech?: string };
}

export interface KeysDeps {
  send: Send;
  clipboard: { writeText(text: string): Promise<void> };
}

/** Developer keys in the admin console; components render these and call the actions. */
export class KeysModel {
  readonly configured = signal<boolean | undefined>(undefined);
  readonly keys = signal<DeveloperKey[]>([]);
  readonly loadingKeys = signal(false);
  readonly keysError = signal<ErrorInfo | undefined>(undefined);
  readonly actionError = signal<string | undefined>(undefined);
  readonly notice = signal<string | undefined>(undefined);
  /** A key just created, with its secret: shown once, until the person dismisses it. */
  readonly secret = signal<{ label: string; key: string } | undefined>(undefined);
  /** Whether the secret shown was put on the clipboard. */
  readonly secretCopy = signal<'idle' | 'copied' | 'failed'>('idle');
  /** The label typed for the next key. */
  readonly newLabel = signal('');
  /** Which key has which form open, and what is typed in it. */
  readonly editing = signal<KeyEditing | undefined>(undefined);
  readonly busy = signal(false);

  readonly sortedKeys = computed(() => sortKeys(this.keys.value));
  readonly activeCount = computed(() => activeKeys(this.keys.value).length);
  readonly createBlocked = computed(() => atKeyCap(this.keys.value));
  /** The deactivation form has the key's label typed. */
  readonly deactivationConfirmed = computed(() => {
    const open = this.editing.value;
    const key = open && this.keys.value.find((k) => k.key_id === open.keyId);
    return !!key && open?.form === 'deactivate' && confirmsDeactivation(open.text, key.label);
  });

  private disposed = false;

  constructor(private readonly deps: KeysDeps) {}

  async open(): Promise<void> {
    const status = await this.deps.send('admin.status', {});
    if (this.disposed) return;
    this.configured.value = status.ok && status.value.configured;
    if (this.configured.value) await this.refresh();
  }

  async refresh(): Promise<void> {
    this.loadingKeys.value = true;
    const result = await this.deps.send('admin.keys.list', {});
    if (this.disposed) return;
    this.loadingKeys.value = false;
    if (result.ok) {
      this.keys.value = result.value;
      this.keysError.value = undefined;
    } else {
      this.keysError.value = result.error;
    }
  }

  private put(key: DeveloperKey): void {
    const { key: _secret, ...shown } = key;
    this.keys.value = [...this.keys.value.filter((k) => k.key_id !== key.key_id), shown];
  }

  private async act(
    run: () => Promise<Result<DeveloperKey>>,
    done: (key: DeveloperKey) => string,
  ): Promise<DeveloperKey | undefined> {
    batch(() => {
      this.busy.value = true;
      this.actionError.value = undefined;
      this.notice.value = undefined;
    });
    const result = await run();
    this.busy.value = false;
    if (!result.ok) {
      this.actionError.value = describeError(result.error);
      return undefined;
    }
    batch(() => {
      this.put(result.value);
      this.editing.value = undefined;
      this.notice.value = done(result.value);
    });
    return result.value;
  }

  setNewLabel(label: string): void {
    this.newLabel.value = label;
  }

  /** Creates a key with the label typed (the service names it when there is none); its secret is shown once. */
  async createKey(): Promise<boolean> {
    const trimmed = this.newLabel.value.trim();
    const created = await this.act(
      () => this.deps.send('admin.keys.create', trimmed ? { label: trimmed } : {}),
      (k) => t('adminCreated', 'Key "$1" created.', k.label),
    );
    if (!created) return false;
    this.newLabel.value = '';
    if (created.key) {
      this.secret.value = { label: created.label, key: created.key };
      this.secretCopy.value = 'idle';
    }
    return true;
  }

  async copySecret(): Promise<void> {
    const shown = this.secret.value;
    if (!shown) return;
    try {
      await this.deps.clipboard.writeText(shown.key);
      this.secretCopy.value = 'copied';
    } catch {
      this.secretCopy.value = 'failed';
    }
  }

  dismissSecret(): void {
    this.secret.value = undefined;
    this.secretCopy.value = 'idle';
  }

  /** Opens a form on a key, filled from the key; the same form again closes it. */
  toggleForm(key: DeveloperKey, form: KeyForm): void {
    const open = this.editing.value;
    if (open?.keyId === key.key_id && open.form === form) {
      this.editing.value = undefined;
      return;
    }
    this.editing.value = {
      keyId: key.key_id,
      form,
      text: form === 'rename' ? key.label : '',
      characters: limitFieldValue(key.usage_limits?.characters),
      speech: limitFieldValue(key.usage_limits?.speech_to_text_milliseconds),
      problems: {},
    };
  }

  closeForm(): void {
    this.editing.value = undefined;
  }

  /** Changes what is typed in the open form. */
  type(patch: Partial<Pick<KeyEditing, 'text' | 'characters' | 'speech'>>): void {
    if (this.editing.value) this.editing.value = { ...this.editing.value, ...patch };
  }

  async rename(): Promise<void> {
    const open = this.editing.value;
    if (open?.form !== 'rename' || !open.text.trim()) return;
    await this.act(
      () => this.deps.send('admin.keys.rename', { keyId: open.keyId, label: open.text.trim() }),
      (k) => t('adminRenamed', 'Key renamed to "$1".', k.label),
    );
  }

  /** Saves the limits typed; a value that is not a whole number is named in `problems`, and nothing is sent. */
  async saveLimits(): Promise<void> {
    const open = this.editing.value;
    if (open?.form !== 'limits') return;
    const characters = parseLimit(open.characters);
    const speech = parseLimit(open.speech);
    const problem = (p: typeof characters) =>
      p.ok ? undefined : t('adminLimitInvalid', 'Enter a whole number of 0 or more, or leave empty for no limit.');
    const problems = {
      ...(problem(characters) ? { characters: problem(characters) } : {}),
      ...(problem(speech) ? { speech: problem(speech) } : {}),
    };
    this.editing.value = { ...open, problems };
    if (!characters.ok || !speech.ok) return;
    await this.act(
      () =>
        this.deps.send('admin.keys.limits', {
          keyId: open.keyId,
          characters: characters.value,
          speechToTextMilliseconds: speech.value,
        }),
      (k) => t('adminLimitsSaved', 'Limits of "$1" saved.', k.label),
    );
  }

  /** Deactivates the key once its label was typed: it cannot be undone. */
  async deactivate(): Promise<void> {
    const open = this.editing.value;
    if (!open || !this.deactivationConfirmed.value) return;
    await this.act(
      () => this.deps.send('admin.keys.deactivate', { keyId: open.keyId }),
      (k) => t('adminDeactivated', 'Key "$1" is deactivated. It no longer works.', k.label),
    );
  }

  dispose(): void {
    this.disposed = true;
  }
}

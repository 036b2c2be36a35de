import { batch, signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import { Credentials } from '../../settings/credentials.ts';
import { formatNumber, t } from '../../ui/i18n.ts';

export type ConnectionTest =
  | { state: 'idle' | 'testing' }
  | { state: 'ok'; text: string }
  | { state: 'error'; error: ErrorInfo };

export interface ConnectionDeps {
  send: Send;
  /** The stored credentials (options page only: content scripts never see them). */
  credentials: { get(): Promise<Credentials>; update(next: Credentials): Promise<unknown> };
  /**
   * Host permission for a custom server's origin: true when granted already or now. Asked on Save,
   * which is a user gesture.
   */
  allowOrigin(origin: string): Promise<boolean>;
  /** The local service's address and seeded paid key, for developers trying Verso (README). */
  localService: { serverUrl: string; apiKey: string };
}

/** The options section "Connection": the API key, the server URL, the admin key, and "Test connection". */
export class ConnectionModel {
  readonly apiKey = signal('');
  readonly serverUrl = signal('');
  readonly adminKey = signal('');
  readonly saved = signal(false);
  readonly fieldError = signal<string | undefined>(undefined);
  readonly test = signal<ConnectionTest>({ state: 'idle' });
  /** A key is saved: until then the section opens with a welcome (first run). */
  readonly hasSavedKey = signal(false);

  private disposed = false;
  /** Counts changes to the fields: a test's answer about values since changed is not shown. */
  private edits = 0;
  /** Fields the person typed into: stored values read later do not overwrite them. */
  private readonly typed = new Set<'apiKey' | 'serverUrl' | 'adminKey'>();

  constructor(private readonly deps: ConnectionDeps) {}

  async load(): Promise<void> {
    const c = await this.deps.credentials.get();
    if (this.disposed) return;
    batch(() => {
      for (const field of ['apiKey', 'serverUrl', 'adminKey'] as const) {
        if (!this.typed.has(field)) this[field].value = c[field];
      }
      this.hasSavedKey.value = c.apiKey !== '';
    });
  }

  /**
   * "Use the local service" (for developers): its address, and its paid key unless a key is typed, saved
   * at once, as the button says (the host permission is asked within the click).
   */
  connectLocalService(): Promise<void> {
    batch(() => {
      this.serverUrl.value = this.deps.localService.serverUrl;
      if (!this.apiKey.value.trim()) this.apiKey.value = this.deps.localService.apiKey;
      this.typed.add('serverUrl').add('apiKey');
      this.fieldError.value = undefined;
      this.saved.value = false;
      this.forgetTest();
    });
    return this.save();
  }

  /** A field changed: what was saved, and what a test found, is no longer about what is shown. */
  change(field: 'apiKey' | 'serverUrl' | 'adminKey', value: string): void {
    batch(() => {
      this.typed.add(field);
      this[field].value = value;
      this.saved.value = false;
      if (field !== 'adminKey') this.forgetTest();
    });
  }

  /** A test's outcome described other values: it goes (and one still on its way is not shown). */
  private forgetTest(): void {
    this.edits++;
    this.test.value = { state: 'idle' };
  }

  /** Keys ending in `:fx` use the free tier (and its server). */
  isFree(): boolean {
    return this.apiKey.value.trim().endsWith(':fx');
  }

  async save(): Promise<void> {
    const parsed = Credentials.safeParse({
      apiKey: this.apiKey.value,
      serverUrl: this.serverUrl.value,
      adminKey: this.adminKey.value,
    });
    if (!parsed.success) {
      this.fieldError.value = parsed.error.issues[0]?.message;
      return;
    }
    this.fieldError.value = undefined;
    // A custom server (gateway, self-hosted) is reached from the background, which needs a host
    // permission for it unless the manifest already grants one.
    if (parsed.data.serverUrl && !(await this.deps.allowOrigin(new URL(parsed.data.serverUrl).origin))) {
      this.fieldError.value = t('hostDenied', 'Verso needs permission to reach this server. Save again and allow it.');
      return;
    }
    await this.deps.credentials.update(parsed.data);
    batch(() => {
      this.saved.value = true;
      this.hasSavedKey.value = parsed.data.apiKey !== '';
    });
  }

  async testConnection(): Promise<void> {
    this.test.value = { state: 'testing' };
    const edits = this.edits;
    const result = await this.deps.send('connection.test', {
      apiKey: this.apiKey.value.trim(),
      serverUrl: this.serverUrl.value.trim(),
    });
    if (this.disposed || edits !== this.edits) return;
    if (!result.ok) {
      this.test.value = { state: 'error', error: result.error };
      return;
    }
    const u = result.value;
    const used = formatNumber(u.character_count ?? 0);
    const limit = u.character_limit != null ? formatNumber(u.character_limit) : '∞';
    this.test.value = {
      state: 'ok',
      text: t('connOk', 'Connected. $1 of $2 characters used this period.', [used, limit]),
    };
  }

  dispose(): void {
    this.disposed = true;
  }
}

import { signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { send } from '../../lib/messaging/protocol.ts';
import type { ErrorInfo } from '../../lib/messaging/result.ts';
import { Credentials, getCredentials, updateCredentials } from '../../lib/settings/credentials.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { Status } from '../ui/Status.tsx';

const apiKey = signal('');
const serverUrl = signal('');
const adminKey = signal('');
const saved = signal<'idle' | 'saved'>('idle');
const fieldError = signal<string | undefined>(undefined);
const test = signal<
  { state: 'idle' | 'testing' } | { state: 'ok'; text: string } | { state: 'error'; error: ErrorInfo }
>({
  state: 'idle',
});

async function load() {
  const c = await getCredentials();
  apiKey.value = c.apiKey;
  serverUrl.value = c.serverUrl;
  adminKey.value = c.adminKey;
}

/**
 * A custom server (gateway, self-hosted) is reached from the background, which needs a host permission
 * for it unless the manifest already grants one. Asked on Save, which is a user gesture.
 */
async function ensureHostPermission(serverUrl: string): Promise<boolean> {
  const origins = [`${new URL(serverUrl).origin}/*`];
  if (await browser.permissions.contains({ origins })) return true;
  try {
    return await browser.permissions.request({ origins });
  } catch {
    return false;
  }
}

async function save(e: Event) {
  e.preventDefault();
  const parsed = Credentials.safeParse({ apiKey: apiKey.value, serverUrl: serverUrl.value, adminKey: adminKey.value });
  if (!parsed.success) {
    fieldError.value = parsed.error.issues[0]?.message;
    return;
  }
  fieldError.value = undefined;
  if (parsed.data.serverUrl && !(await ensureHostPermission(parsed.data.serverUrl))) {
    fieldError.value = t('hostDenied', 'Verso needs permission to reach this server. Save again and allow it.');
    return;
  }
  await updateCredentials(parsed.data);
  saved.value = 'saved';
}

async function testConnection() {
  test.value = { state: 'testing' };
  const result = await send('connection.test', { apiKey: apiKey.value.trim(), serverUrl: serverUrl.value.trim() });
  if (!result.ok) {
    test.value = { state: 'error', error: result.error };
    return;
  }
  const u = result.value;
  const used = formatNumber(u.character_count ?? 0);
  const limit = u.character_limit != null ? formatNumber(u.character_limit) : '∞';
  test.value = {
    state: 'ok',
    text: t('connOk', 'Connected. $1 of $2 characters used this period.', [used, limit]),
  };
}

export function ConnectionSection() {
  useEffect(() => {
    void load();
  }, []);
  const free = apiKey.value.trim().endsWith(':fx');
  return (
    <section aria-labelledby="connection-title">
      <h2 id="connection-title">{t('connTitle', 'Connection')}</h2>
      <form onSubmit={save}>
        <Field
          label={t('apiKey', 'API key')}
          hint={t('apiKeyHint', 'Kept in this browser only. Keys ending in :fx use the free tier.')}
        >
          {({ id, describedBy }) => (
            <input
              id={id}
              type="password"
              autocomplete="off"
              spellcheck={false}
              aria-describedby={describedBy}
              value={apiKey.value}
              onInput={(e) => {
                apiKey.value = e.currentTarget.value;
                saved.value = 'idle';
              }}
            />
          )}
        </Field>
        <Field
          label={t('serverUrl', 'Server URL')}
          hint={
            free
              ? t('serverUrlHintFree', 'Optional. Empty: the free tier address for this key.')
              : t('serverUrlHintPaid', 'Optional. Empty: the paid tier address for this key.')
          }
          error={fieldError.value}
        >
          {({ id, describedBy }) => (
            <input
              id={id}
              type="url"
              placeholder="https://…"
              aria-describedby={describedBy}
              value={serverUrl.value}
              onInput={(e) => {
                serverUrl.value = e.currentTarget.value;
                saved.value = 'idle';
              }}
            />
          )}
        </Field>
        <Field
          label={t('adminKey', 'Admin key')}
          hint={t('adminKeyHint', 'Optional. For organisation admins: developer keys and analytics.')}
        >
          {({ id, describedBy }) => (
            <input
              id={id}
              type="password"
              autocomplete="off"
              aria-describedby={describedBy}
              value={adminKey.value}
              onInput={(e) => {
                adminKey.value = e.currentTarget.value;
                saved.value = 'idle';
              }}
            />
          )}
        </Field>
        <div class="row">
          <button type="submit" class="primary">
            {t('save', 'Save')}
          </button>
          <button
            type="button"
            onClick={testConnection}
            disabled={test.value.state === 'testing' || !apiKey.value.trim()}
          >
            {t('testConnection', 'Test connection')}
          </button>
          {saved.value === 'saved' && <span role="status">{t('saved', 'Saved.')}</span>}
        </div>
      </form>
      {test.value.state === 'testing' && <Status kind="info">{t('testing', 'Testing…')}</Status>}
      {test.value.state === 'ok' && <Status kind="ok">{test.value.text}</Status>}
      {test.value.state === 'error' && <Status kind="error">{describeError(test.value.error)}</Status>}
    </section>
  );
}

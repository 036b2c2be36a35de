import { useEffect } from 'preact/hooks';
import type { ConnectionModel } from '../../lib/features/connection/model.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { Status } from '../ui/Status.tsx';

/** First run (no key saved yet): what a key is, where to get one, free versus paid, the local service. */
function Welcome({ model }: { model: ConnectionModel }) {
  return (
    <section class="card welcome" aria-labelledby="welcome-title">
      <h3 id="welcome-title">{t('welcomeTitle', 'Welcome to Verso')}</h3>
      <p>
        {t(
          'welcomeKey',
          'Verso translates with your own account of the translation service. Your API key is the code that identifies that account: Verso keeps it in this browser and sends it only to the service.',
        )}
      </p>
      <p>
        {t(
          'welcomeGetKey',
          'To get one, sign in to your translation service account and create a key on its API keys page, then paste it below and choose Save.',
        )}
      </p>
      <p>
        {t(
          'welcomeTiers',
          'A key that ends in :fx is a free key: it has an allowance of characters and no writing help or admin tools. Any other key is a paid key, billed for the characters translated.',
        )}
      </p>
      <p>
        {t(
          'welcomeLocal',
          'Developers can try Verso without an account: start the local service (npm run service) and use it.',
        )}
      </p>
      <button type="button" onClick={() => void model.connectLocalService()}>
        {t('welcomeUseLocal', 'Use the local service')}
      </button>
    </section>
  );
}

export function ConnectionSection({ model }: { model: ConnectionModel }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const { apiKey, serverUrl, adminKey, test } = model;
  const free = model.isFree();
  function save(e: Event) {
    e.preventDefault();
    void model.save();
  }
  return (
    <section aria-labelledby="connection-title">
      <h2 id="connection-title">{t('connTitle', 'Connection')}</h2>
      {!model.hasSavedKey.value && <Welcome model={model} />}
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
              onInput={(e) => model.change('apiKey', e.currentTarget.value)}
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
          error={model.fieldError.value}
        >
          {({ id, describedBy }) => (
            <input
              id={id}
              type="url"
              placeholder="https://…"
              aria-describedby={describedBy}
              value={serverUrl.value}
              onInput={(e) => model.change('serverUrl', e.currentTarget.value)}
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
              onInput={(e) => model.change('adminKey', e.currentTarget.value)}
            />
          )}
        </Field>
        <div class="row">
          <button type="submit" class="primary">
            {t('save', 'Save')}
          </button>
          <button
            type="button"
            onClick={() => void model.testConnection()}
            disabled={test.value.state === 'testing' || !apiKey.value.trim()}
          >
            {t('testConnection', 'Test connection')}
          </button>
          <span class="saved" role="status">
            {model.saved.value ? t('saved', 'Saved.') : ''}
          </span>
        </div>
      </form>
      {test.value.state === 'testing' && <Status kind="info">{t('testing', 'Testing…')}</Status>}
      {test.value.state === 'ok' && <Status kind="ok">{test.value.text}</Status>}
      {test.value.state === 'error' && <Status kind="error">{describeError(test.value.error)}</Status>}
    </section>
  );
}

import type { KeysModel } from '../../lib/features/admin/keys-model.ts';
import { t } from '../../lib/ui/i18n.ts';

/** The secret of a new key, shown this once (the service never lists it again), with a copy button. */
export function SecretOnce({ model }: { model: KeysModel }) {
  const shown = model.secret.value;
  if (!shown) return null;
  const copied = model.secretCopy.value;
  return (
    <section class="secret-once" aria-labelledby="secret-once-title">
      <h4 id="secret-once-title">{t('adminSecretTitle', 'Copy the new key now')}</h4>
      <p>
        {t(
          'adminSecretOnce',
          'This is the only time the secret of "$1" is shown. Store it somewhere safe before you close this.',
          shown.label,
        )}
      </p>
      <div class="row">
        <span>{t('adminSecretLabel', 'New key:')}</span>
        <code class="secret-value">{shown.key}</code>
        <button type="button" onClick={() => void model.copySecret()}>
          {t('adminCopy', 'Copy')}
        </button>
        <span role="status">
          {copied === 'copied' && t('adminCopied', 'Copied.')}
          {copied === 'failed' && t('adminCopyFailed', 'Could not copy: select the key and copy it by hand.')}
        </span>
      </div>
      <button type="button" onClick={() => model.dismissSecret()}>
        {t('adminSecretDone', 'I have stored it')}
      </button>
    </section>
  );
}

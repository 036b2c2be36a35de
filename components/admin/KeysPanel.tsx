import type { DeveloperKey } from '../../lib/api/index.ts';
import { DEFAULT_KEY_LABEL, MAX_ACTIVE_KEYS } from '../../lib/features/admin/keys.ts';
import type { KeyForm, KeysModel } from '../../lib/features/admin/keys-model.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatDate, formatNumber, t } from '../../lib/ui/i18n.ts';
import { countText } from '../../lib/ui/plural.ts';
import { Field } from '../ui/Field.tsx';
import { Status } from '../ui/Status.tsx';
import { DeactivateForm, LimitsForm, RenameForm } from './KeyForms.tsx';
import { SecretOnce } from './SecretOnce.tsx';

/** Active keys carry `deactivated_time: null` (or none); a date is shown only where there is one. */
const date = (iso: string | null | undefined) =>
  iso ? formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) : '';

function limitText(value: number | null | undefined, counted: (value: number) => string): string {
  if (value === null || value === undefined) return t('adminUnlimited', 'no limit');
  if (value === 0) return t('adminBlocked', 'blocked (0)');
  return counted(value);
}

function KeyItem({ model, devKey }: { model: KeysModel; devKey: DeveloperKey }) {
  const editing = model.editing.value;
  const form = editing?.keyId === devKey.key_id ? editing : undefined;
  const open = form?.form;
  const titleId = `key-${devKey.key_id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const toggle = (which: KeyForm) => model.toggleForm(devKey, which);
  return (
    <li class={`dev-key${devKey.is_deactivated ? ' deactivated' : ''}`} aria-labelledby={titleId}>
      <div class="key-head">
        <strong id={titleId}>{devKey.label}</strong>
        <span class="key-state">
          {devKey.is_deactivated
            ? t('adminStateDeactivated', 'Deactivated $1', date(devKey.deactivated_time))
            : t('adminStateActive', 'Active')}
        </span>
      </div>
      <p class="hint">
        <code>{devKey.key_id}</code> · {t('adminCreatedOn', 'created $1', date(devKey.creation_time))}
      </p>
      <p class="key-limits">
        {t('adminLimitsText', 'Characters: $1. Speech to text: $2.', [
          limitText(devKey.usage_limits?.characters, (n) =>
            countText('adminCharsLimit', 'one=$1 character|other=$1 characters', n),
          ),
          limitText(devKey.usage_limits?.speech_to_text_milliseconds, (n) => `${formatNumber(n)} ms`),
        ])}
      </p>
      {!devKey.is_deactivated && (
        <div class="row">
          <button
            type="button"
            aria-expanded={open === 'rename'}
            aria-describedby={titleId}
            onClick={() => toggle('rename')}
          >
            {t('adminRename', 'Rename')}
          </button>
          <button
            type="button"
            aria-expanded={open === 'limits'}
            aria-describedby={titleId}
            onClick={() => toggle('limits')}
          >
            {t('adminSetLimits', 'Set limits')}
          </button>
          <button
            type="button"
            class="danger"
            aria-expanded={open === 'deactivate'}
            aria-describedby={titleId}
            onClick={() => toggle('deactivate')}
          >
            {t('adminDeactivate', 'Deactivate')}
          </button>
        </div>
      )}
      {form?.form === 'rename' && <RenameForm model={model} form={form} />}
      {form?.form === 'limits' && <LimitsForm model={model} form={form} />}
      {form?.form === 'deactivate' && <DeactivateForm model={model} form={form} devKey={devKey} />}
    </li>
  );
}

function CreateKeyForm({ model }: { model: KeysModel }) {
  const { activeCount, busy, createBlocked } = model;
  const remaining = MAX_ACTIVE_KEYS - activeCount.value;
  return (
    <form
      class="create-key"
      onSubmit={(e) => {
        e.preventDefault();
        void model.createKey();
      }}
    >
      <Field
        label={t('adminNewKeyLabel', 'Label of the new key')}
        hint={t('adminNewKeyHint', 'Optional. Without one the service names it "$1".', DEFAULT_KEY_LABEL)}
      >
        {({ id, describedBy }) => (
          <input
            id={id}
            type="text"
            maxLength={1024}
            placeholder={DEFAULT_KEY_LABEL}
            aria-describedby={describedBy}
            value={model.newLabel.value}
            onInput={(e) => model.setNewLabel(e.currentTarget.value)}
          />
        )}
      </Field>
      <div class="row">
        <button
          type="submit"
          class="primary"
          disabled={busy.value || createBlocked.value}
          aria-describedby="key-cap-text"
        >
          {t('adminCreateKey', 'Create key')}
        </button>
        <span id="key-cap-text" class={createBlocked.value ? 'warning-text' : 'hint'}>
          {t('adminActiveCount', '$1 of $2 active keys.', [
            formatNumber(activeCount.value),
            formatNumber(MAX_ACTIVE_KEYS),
          ])}{' '}
          {createBlocked.value
            ? t('adminCapReached', 'The service allows no more active keys: deactivate one to create another.')
            : t('adminCapLeft', 'The service allows $1 at a time; $2 more can be created.', [
                formatNumber(MAX_ACTIVE_KEYS),
                formatNumber(remaining),
              ])}
        </span>
      </div>
    </form>
  );
}

/** Developer keys: create, rename, limit, deactivate; the 25-key cap shown before it is reached. */
export function KeysPanel({ model }: { model: KeysModel }) {
  const { actionError, keysError, loadingKeys, notice } = model;
  return (
    <section aria-labelledby="admin-keys-title">
      <div class="row">
        <h3 id="admin-keys-title">{t('adminKeysTitle', 'Developer keys')}</h3>
        <button type="button" onClick={() => void model.refresh()} disabled={loadingKeys.value}>
          {t('adminRefresh', 'Refresh')}
        </button>
      </div>
      <CreateKeyForm model={model} />
      <SecretOnce model={model} />
      {actionError.value && <Status kind="error">{actionError.value}</Status>}
      {notice.value && <Status kind="ok">{notice.value}</Status>}
      {keysError.value && <Status kind="error">{describeError(keysError.value)}</Status>}
      <ul class="key-list">
        {model.sortedKeys.value.map((k) => (
          <KeyItem key={k.key_id} model={model} devKey={k} />
        ))}
      </ul>
    </section>
  );
}

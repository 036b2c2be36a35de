import type { DeveloperKey } from '../../lib/api/index.ts';
import type { KeyEditing, KeysModel } from '../../lib/features/admin/keys-model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';

interface FormProps {
  model: KeysModel;
  form: KeyEditing;
}

export function RenameForm({ model, form }: FormProps) {
  const label = form.text;
  return (
    <form
      class="key-form"
      onSubmit={(e) => {
        e.preventDefault();
        void model.rename();
      }}
    >
      <Field label={t('adminNewLabel', 'New label')}>
        {({ id }) => (
          <input
            id={id}
            type="text"
            value={label}
            maxLength={1024}
            onInput={(e) => model.type({ text: e.currentTarget.value })}
          />
        )}
      </Field>
      <div class="row">
        <button type="submit" class="primary" disabled={model.busy.value || !label.trim()}>
          {t('adminSaveLabel', 'Save label')}
        </button>
        <button type="button" onClick={() => model.closeForm()}>
          {t('adminCancel', 'Cancel')}
        </button>
      </div>
    </form>
  );
}

export function LimitsForm({ model, form }: FormProps) {
  const { characters, speech, problems: errors } = form;
  const hint = t('adminLimitHint', 'Empty: no limit. 0: the key is blocked. Counted per monthly usage period.');
  return (
    <form
      class="key-form"
      onSubmit={(e) => {
        e.preventDefault();
        void model.saveLimits();
      }}
    >
      <LimitField
        label={t('adminCharLimit', 'Character limit')}
        hint={hint}
        error={errors.characters}
        value={characters}
        onInput={(value) => model.type({ characters: value })}
      />
      <LimitField
        label={t('adminSpeechLimit', 'Speech-to-text limit (milliseconds)')}
        hint={hint}
        error={errors.speech}
        value={speech}
        onInput={(value) => model.type({ speech: value })}
      />
      <div class="row">
        <button type="submit" class="primary" disabled={model.busy.value}>
          {t('adminSaveLimits', 'Save limits')}
        </button>
        <button type="button" onClick={() => model.closeForm()}>
          {t('adminCancel', 'Cancel')}
        </button>
      </div>
    </form>
  );
}

/** Deactivation cannot be undone, so it asks for the key's label to be typed first. */
export function DeactivateForm({ model, form, devKey }: FormProps & { devKey: DeveloperKey }) {
  const typed = form.text;
  const confirmed = model.deactivationConfirmed.value;
  return (
    <form
      class="key-form danger-zone"
      onSubmit={(e) => {
        e.preventDefault();
        void model.deactivate();
      }}
    >
      <p class="warning-text">
        <strong>{t('adminPermanent', 'Deactivation is permanent.')}</strong>{' '}
        {t(
          'adminPermanentText',
          'The key stops working at once, everything that uses it fails, and it can never be turned back on.',
        )}
      </p>
      <Field label={t('adminTypeLabel', 'Type the key\'s label "$1" to confirm', devKey.label)}>
        {({ id }) => (
          <input
            id={id}
            type="text"
            autocomplete="off"
            value={typed}
            onInput={(e) => model.type({ text: e.currentTarget.value })}
          />
        )}
      </Field>
      <div class="row">
        <button type="submit" class="danger" disabled={model.busy.value || !confirmed}>
          {t('adminDeactivatePermanently', 'Deactivate permanently')}
        </button>
        <button type="button" onClick={() => model.closeForm()}>
          {t('adminCancel', 'Cancel')}
        </button>
      </div>
    </form>
  );
}

interface LimitFieldProps {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onInput(value: string): void;
}

/** A usage limit: digits or empty, checked on save. */
function LimitField({ label, hint, error, value, onInput }: LimitFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type="text"
          inputMode="numeric"
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          value={value}
          onInput={(e) => onInput(e.currentTarget.value)}
        />
      )}
    </Field>
  );
}

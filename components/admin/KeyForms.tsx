import { useState } from 'preact/hooks';
import type { DeveloperKey } from '../../lib/api/index.ts';
import { confirmsDeactivation, limitFieldValue } from '../../lib/features/admin/keys.ts';
import { busy, deactivateKey, editing, renameKey, setLimits } from '../../lib/features/admin/keys-model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';

const close = () => {
  editing.value = undefined;
};

export function RenameForm({ devKey }: { devKey: DeveloperKey }) {
  const [label, setLabel] = useState(devKey.label);
  return (
    <form
      class="key-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (label.trim()) void renameKey(devKey.key_id, label);
      }}
    >
      <Field label={t('adminNewLabel', 'New label')}>
        {({ id }) => (
          <input id={id} type="text" value={label} maxLength={1024} onInput={(e) => setLabel(e.currentTarget.value)} />
        )}
      </Field>
      <div class="row">
        <button type="submit" class="primary" disabled={busy.value || !label.trim()}>
          {t('adminSaveLabel', 'Save label')}
        </button>
        <button type="button" onClick={close}>
          {t('adminCancel', 'Cancel')}
        </button>
      </div>
    </form>
  );
}

export function LimitsForm({ devKey }: { devKey: DeveloperKey }) {
  const [characters, setCharacters] = useState(limitFieldValue(devKey.usage_limits?.characters));
  const [speech, setSpeech] = useState(limitFieldValue(devKey.usage_limits?.speech_to_text_milliseconds));
  const [errors, setErrors] = useState<{ characters?: string; speech?: string }>({});
  const hint = t('adminLimitHint', 'Empty: no limit. 0: the key is blocked. Counted per monthly usage period.');
  return (
    <form
      class="key-form"
      onSubmit={async (e) => {
        e.preventDefault();
        setErrors((await setLimits(devKey.key_id, characters, speech)) ?? {});
      }}
    >
      <LimitField
        label={t('adminCharLimit', 'Character limit')}
        hint={hint}
        error={errors.characters}
        value={characters}
        onInput={setCharacters}
      />
      <LimitField
        label={t('adminSpeechLimit', 'Speech-to-text limit (milliseconds)')}
        hint={hint}
        error={errors.speech}
        value={speech}
        onInput={setSpeech}
      />
      <div class="row">
        <button type="submit" class="primary" disabled={busy.value}>
          {t('adminSaveLimits', 'Save limits')}
        </button>
        <button type="button" onClick={close}>
          {t('adminCancel', 'Cancel')}
        </button>
      </div>
    </form>
  );
}

/** Deactivation cannot be undone, so it asks for the key's label to be typed first. */
export function DeactivateForm({ devKey }: { devKey: DeveloperKey }) {
  const [typed, setTyped] = useState('');
  const confirmed = confirmsDeactivation(typed, devKey.label);
  return (
    <form
      class="key-form danger-zone"
      onSubmit={(e) => {
        e.preventDefault();
        if (confirmed) void deactivateKey(devKey.key_id);
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
            onInput={(e) => setTyped(e.currentTarget.value)}
          />
        )}
      </Field>
      <div class="row">
        <button type="submit" class="danger" disabled={busy.value || !confirmed}>
          {t('adminDeactivatePermanently', 'Deactivate permanently')}
        </button>
        <button type="button" onClick={close}>
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

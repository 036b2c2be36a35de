import { useEffect, useMemo, useState } from 'preact/hooks';
import { createEntriesModel } from '../../lib/features/glossaries/entries-model.ts';
import { busy, createGlossary, readOnly } from '../../lib/features/glossaries/model.ts';
import type { LanguagePair } from '../../lib/features/glossaries/types.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { useLanguages } from '../ui/LanguagePicker.tsx';
import { EntriesInput } from './EntriesInput.tsx';
import { checkPair, PairFields } from './PairFields.tsx';

/** A new glossary: its name and its first dictionary (a language pair and entries). */
export function GlossaryCreate({ onClose }: { onClose: () => void }) {
  const { languages, error: languagesError } = useLanguages('glossary');
  const model = useMemo(() => createEntriesModel(), []);
  useEffect(() => () => model.dispose(), [model]);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [pairError, setPairError] = useState<string>();

  function setPair(pair: Partial<LanguagePair>) {
    model.pair.value = pair;
    setPairError(undefined);
  }

  async function submit(e: Event) {
    e.preventDefault();
    const trimmed = name.trim();
    setNameError(trimmed ? undefined : t('glNameMissing', 'Give the glossary a name.'));
    const pair = checkPair(model.pair.value);
    setPairError(typeof pair === 'string' ? pair : undefined);
    const entries = model.validTsv();
    if (!trimmed || typeof pair === 'string' || entries === undefined) return;
    const created = await createGlossary(
      trimmed,
      pair,
      entries,
      t('glCreatedNotice', 'Glossary “$1” created.', trimmed),
    );
    if (created) onClose();
  }

  return (
    <form class="card" onSubmit={submit} aria-labelledby="create-title" noValidate>
      <h3 id="create-title">{t('glNewTitle', 'New glossary')}</h3>
      <Field label={t('glName', 'Name')} error={nameError}>
        {({ id, describedBy }) => (
          <input
            id={id}
            type="text"
            aria-describedby={describedBy}
            value={name}
            maxLength={1024}
            onInput={(e) => setName(e.currentTarget.value)}
          />
        )}
      </Field>
      {languagesError && <p class="error">{t('glLanguagesFailed', 'The glossary languages could not be loaded.')}</p>}
      <PairFields languages={languages} pair={model.pair.value} onChange={setPair} error={pairError} />
      <EntriesInput model={model} />
      <div class="row">
        <button
          type="submit"
          class="primary"
          disabled={busy.value || readOnly.value || model.checking.value !== undefined}
        >
          {t('glCreate', 'Create glossary')}
        </button>
        <button type="button" onClick={onClose}>
          {t('optCancel', 'Cancel')}
        </button>
      </div>
    </form>
  );
}

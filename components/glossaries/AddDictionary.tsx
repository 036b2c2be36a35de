import { useEffect, useMemo, useState } from 'preact/hooks';
import { createEntriesModel } from '../../lib/features/glossaries/entries-model.ts';
import { addDictionary, busy, readOnly } from '../../lib/features/glossaries/model.ts';
import type { GlossaryView, LanguagePair } from '../../lib/features/glossaries/types.ts';
import { t } from '../../lib/ui/i18n.ts';
import { useLanguages } from '../ui/LanguagePicker.tsx';
import { EntriesInput } from './EntriesInput.tsx';
import { pairLabel } from './format.ts';
import { checkPair, PairFields } from './PairFields.tsx';

/** A dictionary for another language pair of an existing glossary. */
export function AddDictionary({ glossary, onClose }: { glossary: GlossaryView; onClose: () => void }) {
  const { languages } = useLanguages('glossary');
  const model = useMemo(() => createEntriesModel(), []);
  useEffect(() => () => model.dispose(), [model]);
  const [pairError, setPairError] = useState<string>();

  async function submit(e: Event) {
    e.preventDefault();
    let pair = checkPair(model.pair.value);
    if (typeof pair !== 'string') {
      const { source_lang, target_lang } = pair;
      const taken = glossary.dictionaries.some(
        (d) => d.source_lang === source_lang.toLowerCase() && d.target_lang === target_lang.toLowerCase(),
      );
      if (taken)
        pair = t('glPairTaken', 'This glossary already has a $1 dictionary: edit it instead.', pairLabel(pair));
    }
    setPairError(typeof pair === 'string' ? pair : undefined);
    const entries = model.validTsv();
    if (typeof pair === 'string' || entries === undefined) return;
    const saved = await addDictionary(
      glossary.glossary_id,
      pair,
      entries,
      t('glDictAdded', 'Dictionary $1 added.', pairLabel(pair)),
    );
    if (saved) onClose();
  }

  return (
    <form class="card" onSubmit={submit} aria-labelledby="add-dict-title" noValidate>
      <h3 id="add-dict-title">{t('glAddDictTitle', 'Add a dictionary')}</h3>
      <PairFields
        languages={languages}
        pair={model.pair.value}
        onChange={(p: Partial<LanguagePair>) => {
          model.pair.value = p;
          setPairError(undefined);
        }}
        error={pairError}
      />
      <EntriesInput model={model} />
      <div class="row">
        <button
          type="submit"
          class="primary"
          disabled={busy.value || readOnly.value || model.checking.value !== undefined}
        >
          {t('glAddDict', 'Add dictionary')}
        </button>
        <button type="button" onClick={onClose}>
          {t('optCancel', 'Cancel')}
        </button>
      </div>
    </form>
  );
}

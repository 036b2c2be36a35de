import type { TranslationControlsModel } from '../../lib/features/translation-controls/model.ts';
import { languageName } from '../../lib/languages/index.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { LanguagePicker } from '../ui/LanguagePicker.tsx';

/** Chooses the translation memory of one language pair, with its match threshold. */
export function MemoryForm({ model }: { model: TranslationControlsModel }) {
  const languages = model.languages.value.items;
  const { source, target, memoryId, threshold } = model.memoryDraft.value;
  const problems = model.memoryProblems.value;
  const fitting = model.fittingMemories.value;
  const pairChosen = Boolean(source && target);
  const errors = {
    pair: problems.pair && t('advMemPairMissing', 'Choose both languages of the pair.'),
    memory: problems.memory && t('advMemMissing', 'Choose a translation memory for this pair.'),
    threshold: problems.threshold && t('advMemThresholdBad', 'Enter a whole number from 0 to 100.'),
  };

  function submit(e: Event) {
    e.preventDefault();
    void model.submitMemory((memory, from, into) =>
      t('advMemSaved', '“$1” is used for $2.', [
        memory.name ?? '',
        `${languageName(from, languages)} → ${languageName(into, languages)}`,
      ]),
    );
  }

  return (
    <form class="adv-memory-form" onSubmit={submit} noValidate>
      <div class="defaults-grid">
        <LanguagePicker
          label={t('advMemSource', 'Translate from')}
          usableAs="source"
          languages={languages}
          value={source}
          placeholder={t('advChoose', 'Choose…')}
          error={errors.pair}
          onChange={(v) => model.changeMemoryDraft({ source: v })}
        />
        <LanguagePicker
          label={t('advMemTarget', 'Translate into')}
          usableAs="target"
          languages={languages}
          value={target}
          placeholder={t('advChoose', 'Choose…')}
          onChange={(v) => model.changeMemoryDraft({ target: v })}
        />
      </div>
      <div class="defaults-grid">
        <Field
          label={t('advMemLabel', 'Translation memory')}
          hint={
            pairChosen && fitting.length === 0
              ? t('advMemNoneFit', 'No translation memory of the account covers this pair.')
              : t('advMemHint', 'Only memories that cover the pair are offered.')
          }
          error={errors.memory}
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              disabled={!pairChosen || fitting.length === 0}
              value={memoryId}
              onChange={(e) => model.changeMemoryDraft({ memoryId: e.currentTarget.value })}
            >
              <option value="">{t('advChoose', 'Choose…')}</option>
              {fitting.map((m) => (
                <option key={m.translation_memory_id} value={m.translation_memory_id}>
                  {m.name ?? m.translation_memory_id}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t('advMemThreshold', 'Match threshold')}
          hint={t('advMemThresholdHint', 'From 0 to 100; 75 or higher is recommended. Default: 75.')}
          error={errors.threshold}
        >
          {({ id, describedBy }) => (
            <input
              id={id}
              type="number"
              min={0}
              max={100}
              step={1}
              aria-describedby={describedBy}
              aria-invalid={errors.threshold ? true : undefined}
              value={threshold}
              onInput={(e) => model.changeMemoryDraft({ threshold: e.currentTarget.value })}
            />
          )}
        </Field>
      </div>
      <button type="submit" class="primary">
        {t('advMemUse', 'Use for this pair')}
      </button>
    </form>
  );
}

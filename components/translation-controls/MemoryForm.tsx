import { useState } from 'preact/hooks';
import type { Language } from '../../lib/api/index.ts';
import { languageName } from '../../lib/features/selection/languages.ts';
import { parseThreshold } from '../../lib/features/translation-controls/checks.ts';
import { memoryFits } from '../../lib/features/translation-controls/matching.ts';
import { chooseMemory, DEFAULT_MEMORY_THRESHOLD, memories } from '../../lib/features/translation-controls/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { LanguagePicker } from '../ui/LanguagePicker.tsx';

const languagesOf = (m: { source_language?: string; target_languages?: string[] }) => ({
  sourceLang: m.source_language ?? '',
  targetLangs: m.target_languages ?? [],
});

/** Chooses the translation memory of one language pair, with its match threshold. */
export function MemoryForm({ languages }: { languages: readonly Language[] }) {
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [memoryId, setMemoryId] = useState('');
  const [threshold, setThreshold] = useState(String(DEFAULT_MEMORY_THRESHOLD));
  const [errors, setErrors] = useState<{ pair?: string; memory?: string; threshold?: string }>({});
  const fitting = memories.value.items.filter((m) => memoryFits(languagesOf(m), source, target));
  const pairChosen = Boolean(source && target);

  async function submit(e: Event) {
    e.preventDefault();
    const memory = fitting.find((m) => m.translation_memory_id === memoryId);
    const value = parseThreshold(threshold);
    const next = {
      pair: pairChosen ? undefined : t('advMemPairMissing', 'Choose both languages of the pair.'),
      memory: memory || !pairChosen ? undefined : t('advMemMissing', 'Choose a translation memory for this pair.'),
      threshold: value === undefined ? t('advMemThresholdBad', 'Enter a whole number from 0 to 100.') : undefined,
    };
    setErrors(next);
    if (!memory || value === undefined || next.pair) return;
    const pair = `${languageName(source, languages)} → ${languageName(target, languages)}`;
    await chooseMemory(
      source,
      target,
      memory,
      value,
      t('advMemSaved', '“$1” is used for $2.', [memory.name ?? '', pair]),
    );
    setMemoryId('');
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
          onChange={(v) => {
            setSource(v);
            setMemoryId('');
          }}
        />
        <LanguagePicker
          label={t('advMemTarget', 'Translate into')}
          usableAs="target"
          languages={languages}
          value={target}
          placeholder={t('advChoose', 'Choose…')}
          onChange={(v) => {
            setTarget(v);
            setMemoryId('');
          }}
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
              onChange={(e) => setMemoryId(e.currentTarget.value)}
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
              onInput={(e) => setThreshold(e.currentTarget.value)}
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

import type { Language } from '../../lib/api/index.ts';
import type { LanguagePair } from '../../lib/features/glossaries/types.ts';
import { t } from '../../lib/ui/i18n.ts';
import { LanguagePicker } from '../ui/LanguagePicker.tsx';

/** Source and target of a dictionary, from the service's glossary languages. */
export function PairFields({
  languages,
  pair,
  onChange,
  error,
  disabled,
}: {
  languages: readonly Language[];
  pair: Partial<LanguagePair>;
  onChange: (pair: Partial<LanguagePair>) => void;
  error?: string;
  disabled?: boolean;
}) {
  return (
    <div class="pair-fields">
      <LanguagePicker
        label={t('glSource', 'Source language')}
        usableAs="source"
        languages={languages}
        value={pair.source_lang ?? ''}
        placeholder={t('glChoose', 'Choose…')}
        required
        disabled={disabled}
        onChange={(source_lang) => onChange({ ...pair, source_lang })}
      />
      <LanguagePicker
        label={t('glTarget', 'Target language')}
        usableAs="target"
        languages={languages}
        value={pair.target_lang ?? ''}
        placeholder={t('glChoose', 'Choose…')}
        required
        disabled={disabled}
        error={error}
        onChange={(target_lang) => onChange({ ...pair, target_lang })}
      />
    </div>
  );
}

/** The pair, or a reason it cannot be used. */
export function checkPair(pair: Partial<LanguagePair>): LanguagePair | string {
  if (!pair.source_lang || !pair.target_lang) return t('glPairMissing', 'Choose a source and a target language.');
  if (pair.source_lang.toLowerCase() === pair.target_lang.toLowerCase())
    return t('glPairSame', 'Source and target must be different languages.');
  return { source_lang: pair.source_lang, target_lang: pair.target_lang };
}

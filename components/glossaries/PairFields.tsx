import type { Language } from '../../lib/api/index.ts';
import type { PairProblem } from '../../lib/features/glossaries/form-model.ts';
import type { LanguagePair } from '../../lib/features/glossaries/types.ts';
import { t } from '../../lib/ui/i18n.ts';
import { LanguagePicker } from '../ui/LanguagePicker.tsx';
import { pairLabel } from './format.ts';

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

/** Why the pair cannot be used, in words (undefined: no problem). */
export function pairProblemText(problem: PairProblem | undefined, pair: Partial<LanguagePair>): string | undefined {
  switch (problem) {
    case 'missing':
      return t('glPairMissing', 'Choose a source and a target language.');
    case 'same':
      return t('glPairSame', 'Source and target must be different languages.');
    case 'taken':
      return t(
        'glPairTaken',
        'This glossary already has a $1 dictionary: edit it instead.',
        pairLabel({ source_lang: pair.source_lang ?? '', target_lang: pair.target_lang ?? '' }),
      );
    default:
      return undefined;
  }
}

import { useId } from 'preact/hooks';
import {
  canSwap,
  languages,
  recentTargets,
  setSource,
  setTarget,
  sourceLang,
  swap,
  targetLang,
} from '../../lib/features/quick-translate/model.ts';
import { sourceOptions, targetOptions } from '../../lib/features/selection/languages.ts';
import { t } from '../../lib/ui/i18n.ts';
import { LanguageSelect } from '../selection/LanguageSelect.tsx';

/** Source (or "Detect language"), Swap, target. */
export function LanguagePair() {
  const id = useId();
  return (
    <div class="pair">
      <div class="field">
        <label for={`${id}-source`}>{t('quickSource', 'Source language')}</label>
        <LanguageSelect
          id={`${id}-source`}
          value={sourceLang.value}
          options={sourceOptions(languages.value)}
          emptyOption={t('quickDetect', 'Detect language')}
          onChange={setSource}
        />
      </div>
      <button
        type="button"
        class="swap"
        onClick={swap}
        disabled={!canSwap.value}
        aria-label={t('quickSwap', 'Swap languages')}
        title={t('quickSwap', 'Swap languages')}
      >
        ⇄
      </button>
      <div class="field">
        <label for={`${id}-target`}>{t('quickTarget', 'Target language')}</label>
        <LanguageSelect
          id={`${id}-target`}
          value={targetLang.value}
          options={targetOptions(languages.value)}
          recent={recentTargets.value}
          onChange={setTarget}
        />
      </div>
    </div>
  );
}

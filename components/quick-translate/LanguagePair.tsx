import { useId } from 'preact/hooks';
import type { QuickTranslateModel } from '../../lib/features/quick-translate/model.ts';
import { sourceOptions, targetOptions } from '../../lib/languages/index.ts';
import { t } from '../../lib/ui/i18n.ts';
import { LanguageSelect } from '../ui/LanguageSelect.tsx';

/** Source (or "Detect language"), Swap, target. */
export function LanguagePair({ model }: { model: QuickTranslateModel }) {
  const id = useId();
  const languages = model.languages.value;
  return (
    <div class="pair">
      <div class="field">
        <label for={`${id}-source`}>{t('quickSource', 'Source language')}</label>
        <LanguageSelect
          id={`${id}-source`}
          value={model.sourceLang.value}
          options={sourceOptions(languages)}
          emptyOption={t('quickDetect', 'Detect language')}
          onChange={(code) => model.setSource(code)}
        />
      </div>
      <button
        type="button"
        class="swap"
        onClick={() => model.swap()}
        disabled={!model.canSwap.value}
        aria-label={t('quickSwap', 'Swap languages')}
        title={t('quickSwap', 'Swap languages')}
      >
        ⇄
      </button>
      <div class="field">
        <label for={`${id}-target`}>{t('quickTarget', 'Target language')}</label>
        <LanguageSelect
          id={`${id}-target`}
          value={model.targetLang.value}
          options={targetOptions(languages)}
          recent={model.recentTargets.value}
          onChange={(code) => model.setTarget(code)}
        />
      </div>
    </div>
  );
}

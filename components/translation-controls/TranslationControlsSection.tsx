import { useEffect } from 'preact/hooks';
import type { TranslationControlsModel } from '../../lib/features/translation-controls/model.ts';
import { languageName } from '../../lib/languages/index.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { t } from '../../lib/ui/i18n.ts';
import { LanguagePicker } from '../ui/LanguagePicker.tsx';
import { Status } from '../ui/Status.tsx';
import { InstructionsEditor } from './InstructionsEditor.tsx';
import { MemoryControls } from './MemoryControls.tsx';
import { ModelBanner } from './ModelBanner.tsx';
import { RequestOptions } from './RequestOptions.tsx';
import { StyleListCatalogue, StyleListPicker } from './StyleListPicker.tsx';
import './translation-controls.css';

/** Custom instructions and a style rule list per target language; only targets with `style_rules`. */
function TargetControls({ model }: { model: TranslationControlsModel }) {
  const { items: languages, loading } = model.languages.value;
  const targets = model.targets.value;
  const code = model.targetCode.value;
  const language = languageName(code, languages);
  return (
    <section class="card" aria-labelledby="adv-target-title">
      <h3 id="adv-target-title">{t('advTargetTitle', 'Instructions and style rules per language')}</h3>
      {!loading && targets.length === 0 ? (
        <p class="empty">
          {t('advNoTargets', 'None of the service’s target languages takes custom instructions or style rules.')}
        </p>
      ) : (
        <>
          <LanguagePicker
            label={t('advTarget', 'Target language')}
            usableAs="target"
            languages={targets}
            value={code}
            hint={t('advTargetHint', 'Only languages that support style rules are listed.')}
            onChange={(v) => model.chooseTarget(v)}
          />
          {code && <InstructionsEditor model={model} language={language} />}
          {code && <StyleListPicker model={model} code={code} language={language} />}
        </>
      )}
      <StyleListCatalogue model={model} />
    </section>
  );
}

/** Options section "Translation controls": what professional users tune on each translate request. */
export function TranslationControlsSection({ model }: { model: TranslationControlsModel }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const { error } = model.languages.value;
  return (
    <section aria-labelledby="adv-title">
      <h2 id="adv-title">{t('advTitle', 'Translation controls')}</h2>
      <p class="hint">
        {t(
          'advIntro',
          'These apply to selections, the popup and page translation. The model is chosen in Defaults, and per site in Site rules.',
        )}
      </p>
      <ModelBanner model={model} />
      {model.notice.value && <Status kind="ok">{model.notice.value}</Status>}
      {error && <Status kind="error">{describeError(error)}</Status>}
      <TargetControls model={model} />
      <MemoryControls model={model} />
      <RequestOptions model={model} />
    </section>
  );
}

import { useEffect } from 'preact/hooks';
import type { Language } from '../../lib/api/index.ts';
import { languageName } from '../../lib/features/selection/languages.ts';
import { styleRuleTargets } from '../../lib/features/translation-controls/matching.ts';
import { load, loaded, notice, preferences, target } from '../../lib/features/translation-controls/model.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { t } from '../../lib/ui/i18n.ts';
import { LanguagePicker, useLanguages } from '../ui/LanguagePicker.tsx';
import { Status } from '../ui/Status.tsx';
import { InstructionsEditor } from './InstructionsEditor.tsx';
import { MemoryControls } from './MemoryControls.tsx';
import { ModelBanner } from './ModelBanner.tsx';
import { RequestOptions } from './RequestOptions.tsx';
import { StyleListCatalogue, StyleListPicker } from './StyleListPicker.tsx';
import './translation-controls.css';

/** Custom instructions and a style rule list per target language; only targets with `style_rules`. */
function TargetControls({ languages, loading }: { languages: readonly Language[]; loading: boolean }) {
  const targets = styleRuleTargets(languages);
  const code = targets.find((l) => l.lang.toLowerCase() === target.value.toLowerCase())?.lang ?? '';
  useEffect(() => {
    if (code || targets.length === 0 || !loaded.value) return;
    const preferred = targets.find((l) => l.lang.toLowerCase() === preferences.value.targetLang.toLowerCase());
    target.value = (preferred ?? targets[0])?.lang ?? '';
  }, [code, targets.length, loaded.value]);
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
            onChange={(v) => {
              target.value = v;
            }}
          />
          {code && <InstructionsEditor key={code} code={code} language={language} />}
          {code && <StyleListPicker code={code} language={language} />}
        </>
      )}
      <StyleListCatalogue languages={languages} />
    </section>
  );
}

/** Options section "Translation controls": what professional users tune on each translate request. */
export function TranslationControlsSection() {
  useEffect(() => {
    void load();
  }, []);
  const { languages, loading, error } = useLanguages('translate_text');
  return (
    <section aria-labelledby="adv-title">
      <h2 id="adv-title">{t('advTitle', 'Translation controls')}</h2>
      <p class="hint">
        {t(
          'advIntro',
          'These apply to selections, the popup and page translation. The model is chosen in Defaults, and per site in Site rules.',
        )}
      </p>
      <ModelBanner />
      {notice.value && <Status kind="ok">{notice.value}</Status>}
      {error && <Status kind="error">{describeError(error)}</Status>}
      <TargetControls languages={languages} loading={loading} />
      <MemoryControls languages={languages} />
      <RequestOptions />
    </section>
  );
}

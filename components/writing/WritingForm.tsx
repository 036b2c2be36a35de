import { useId } from 'preact/hooks';
import type { Mode, WritingModel } from '../../lib/features/writing/model.ts';
import { adjustmentKey, BASE_STYLES, BASE_TONES, parseAdjustmentKey } from '../../lib/features/writing/style-tone.ts';
import { t } from '../../lib/ui/i18n.ts';
import { onlyTrusted } from '../../lib/ui/trusted.ts';

const STYLE_NAMES: Record<(typeof BASE_STYLES)[number], () => string> = {
  simple: () => t('writingStyleSimple', 'Simple'),
  business: () => t('writingStyleBusiness', 'Business'),
  academic: () => t('writingStyleAcademic', 'Academic'),
  casual: () => t('writingStyleCasual', 'Casual'),
};
const TONE_NAMES: Record<(typeof BASE_TONES)[number], () => string> = {
  enthusiastic: () => t('writingToneEnthusiastic', 'Enthusiastic'),
  friendly: () => t('writingToneFriendly', 'Friendly'),
  confident: () => t('writingToneConfident', 'Confident'),
  diplomatic: () => t('writingToneDiplomatic', 'Diplomatic'),
};

/** The choices: correct or rephrase, one style or tone, and the language variant; then the run button. */
export function WritingForm({ model }: { model: WritingModel }) {
  const id = useId();
  const mode = model.mode.value;
  const working = model.phase.value === 'working';
  const languageName = model.targetLanguage.value?.name ?? '';
  const fallback = model.resolved.value.fallback;
  const fallbackHint =
    fallback === 'unsupported'
      ? t(
          'writingFallbackUnsupported',
          '$1 has no writing styles or tones: the service will use its default improvement.',
          languageName,
        )
      : fallback === 'unknown'
        ? t(
            'writingFallbackUnknown',
            'If the language of the text has no styles or tones, the service uses its default.',
          )
        : undefined;

  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>{t('writingModeLegend', 'What to do')}</legend>
        {(['correct', 'rephrase'] as Mode[]).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => model.setMode(value)}
            />{' '}
            {value === 'correct'
              ? t('writingModeCorrect', 'Correct spelling and grammar')
              : t('writingModeRephrase', 'Rephrase')}
          </label>
        ))}
      </fieldset>

      {mode === 'rephrase' && (
        <div class="vw-field">
          <label for={`${id}-adjust`}>{t('writingAdjustLabel', 'Style or tone')}</label>
          <select
            id={`${id}-adjust`}
            aria-describedby={`${id}-adjust-hint`}
            value={adjustmentKey(model.adjustment.value)}
            onChange={(e) => {
              model.adjustment.value = parseAdjustmentKey(e.currentTarget.value);
            }}
          >
            <option value="default">{t('writingAdjustDefault', 'Default')}</option>
            <optgroup label={t('writingStyleGroup', 'Writing style')}>
              {BASE_STYLES.map((s) => (
                <option key={s} value={`style:${s}`}>
                  {STYLE_NAMES[s]()}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('writingToneGroup', 'Tone')}>
              {BASE_TONES.map((s) => (
                <option key={s} value={`tone:${s}`}>
                  {TONE_NAMES[s]()}
                </option>
              ))}
            </optgroup>
          </select>
          <span class="vw-hint" id={`${id}-adjust-hint`}>
            {fallbackHint ??
              t('writingAdjustHint', 'A writing style or a tone: the service takes one of them, not both.')}
          </span>
        </div>
      )}

      <div class="vw-field">
        <label for={`${id}-lang`}>{t('writingLanguageLabel', 'Language')}</label>
        <select
          id={`${id}-lang`}
          value={model.targetLang.value}
          onChange={(e) => {
            model.chooseTarget(e.currentTarget.value);
          }}
        >
          <option value="">{t('writingLanguageSame', 'Same as the text')}</option>
          {model.targets.value.map((l) => (
            <option key={l.lang} value={l.lang}>
              {`${l.name} (${l.lang})`}
            </option>
          ))}
        </select>
      </div>

      <div class="vw-row">
        <button
          type="button"
          class="vw-primary"
          disabled={working}
          // The shadow root is open, so page scripts can reach this button: only a real click or key
          // press from the person may send the field's text anywhere.
          onClick={onlyTrusted(() => void model.run())}
        >
          {mode === 'correct' ? t('writingRunCorrect', 'Check text') : t('writingRunRephrase', 'Improve text')}
        </button>
      </div>
    </form>
  );
}

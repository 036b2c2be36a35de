import {
  copyResult,
  glossaries,
  languages,
  notice,
  result,
  targetLang,
} from '../../lib/features/quick-translate/model.ts';
import { languageName } from '../../lib/features/selection/languages.ts';
import { modelUsedLabel } from '../../lib/features/translation-controls/wording.ts';
import { t } from '../../lib/ui/i18n.ts';

/** The translation, the language it was read as, the glossary and model used, and Copy. */
export function TranslationResult() {
  const value = result.value;
  const glossary = value?.glossaryId ? glossaries.value.find((g) => g.id === value.glossaryId)?.name : undefined;
  return (
    <section class="result" aria-label={t('quickResult', 'Translation')} aria-live="polite">
      {value && (
        <>
          <p class="output" lang={targetLang.value}>
            {value.text}
          </p>
          <div class="row meta">
            <span>
              {value.sourceDetected
                ? t('selDetected', 'Detected: $1', languageName(value.detectedSource, languages.value))
                : t('selFrom', 'From $1', languageName(value.sourceLang ?? value.detectedSource, languages.value))}
            </span>
            {value.glossaryId && <span>{t('quickGlossaryUsed', 'Glossary: $1', glossary ?? value.glossaryId)}</span>}
            <button type="button" onClick={() => void copyResult()}>
              {t('selCopy', 'Copy')}
            </button>
            {notice.value && <span role="status">{notice.value}</span>}
          </div>
          {(value.modelTypeUsed || value.notes.length > 0) && (
            <div class="model">
              {value.modelTypeUsed && <p>{modelUsedLabel(value.modelTypeUsed)}</p>}
              {value.notes.map((note) => (
                <p key={note}>{note}</p>
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}

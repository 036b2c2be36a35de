import type { QuickTranslateModel } from '../../lib/features/quick-translate/model.ts';
import { modelUsedLabel } from '../../lib/features/translation-controls/wording.ts';
import { languageName } from '../../lib/languages/index.ts';
import { t } from '../../lib/ui/i18n.ts';

/** The translation, the language it was read as, the glossary and model used, and Copy. */
export function TranslationResult({ model }: { model: QuickTranslateModel }) {
  const value = model.result.value;
  const languages = model.languages.value;
  const glossary = model.resultGlossaryName.value;
  return (
    <section class="result" aria-label={t('quickResult', 'Translation')} aria-live="polite">
      {value && (
        <>
          {value.alreadyInTarget ? (
            <p class="output">
              {t(
                'alreadyInTarget',
                'The text is already in $1: there is nothing to translate.',
                languageName(value.detectedSource, languages),
              )}
            </p>
          ) : (
            <p class="output" lang={model.targetLang.value}>
              {value.text}
            </p>
          )}
          <div class="row meta">
            <span>
              {value.sourceDetected
                ? t('selDetected', 'Detected: $1', languageName(value.detectedSource, languages))
                : t('selFrom', 'From $1', languageName(value.sourceLang ?? value.detectedSource, languages))}
            </span>
            {value.glossaryId && (
              <span>
                {glossary
                  ? t('quickGlossaryUsed', 'Glossary: $1', glossary)
                  : t('quickGlossaryUsedUnnamed', 'Translated with a glossary')}
              </span>
            )}
            <button type="button" onClick={() => void model.copyResult()}>
              {t('selCopy', 'Copy')}
            </button>
            {model.notice.value && <span role="status">{model.notice.value}</span>}
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

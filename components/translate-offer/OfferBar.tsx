import type { OfferModel } from '../../lib/features/translate-offer/model.ts';
import { t, uiLanguage } from '../../lib/ui/i18n.ts';
import { onlyTrusted } from '../../lib/ui/trusted.ts';
import { VisibleButton } from '../ui/VisibleButton.tsx';

/** A language's name in the UI language (`de` reads "German" in English, "Deutsch" in German). */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage()], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * "This page is in German. Translate it into English?" with the three answers and a close button; only
 * the person's own clicks and keys count (a page can reach the shadow root, not make events trusted),
 * and "Translate" and "Always translate" only where the person could see them.
 */
export function OfferBar({ model }: { model: OfferModel }) {
  const offer = model.offer.value;
  if (!offer) return null;
  const lang = languageName(offer.lang);
  const target = languageName(offer.targetLang);
  const busy = model.busy.value;
  return (
    <section
      class="offer"
      aria-label={t('offerLabel', 'Verso: translate this page?')}
      onKeyDown={onlyTrusted((e: KeyboardEvent) => {
        if (e.key === 'Escape') model.dismiss();
      })}
    >
      <span class="brand">Verso</span>
      <p class="text">{t('offerText', 'This page is in $1. Translate it into $2?', [lang, target])}</p>
      <div class="actions">
        {/* The two answers that send text (now, or on every page in this language from now on) act only
            on a click where the person could see the bar (VisibleButton). */}
        <VisibleButton class="primary" disabled={busy} onAct={() => void model.answer('translate')}>
          {t('offerTranslate', 'Translate')}
        </VisibleButton>
        <VisibleButton disabled={busy} onAct={() => void model.answer('always')}>
          {t('offerAlways', 'Always translate $1', lang)}
        </VisibleButton>
        {offer.site && (
          <button type="button" disabled={busy} onClick={onlyTrusted(() => void model.answer('never-site'))}>
            {t('offerNeverSite', 'Never for this site')}
          </button>
        )}
      </div>
      <button
        type="button"
        class="close"
        aria-label={t('offerDismiss', 'Not now')}
        onClick={onlyTrusted(() => model.dismiss())}
      >
        ×
      </button>
    </section>
  );
}

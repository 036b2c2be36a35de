import type { ReaderOfferModel } from '../../lib/features/pdf/offer-model.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { t } from '../../lib/ui/i18n.ts';
import { onlyTrusted } from '../../lib/ui/trusted.ts';
import { VisibleButton } from '../ui/VisibleButton.tsx';

/** "Read this PDF in Verso's reader?": this once, always on this site, always, or not now. */
export function ReaderOffer({ model }: { model: ReaderOfferModel }) {
  if (!model.open.value) return null;
  const busy = model.busy.value;
  const error = model.error.value;
  return (
    <section
      class="offer"
      aria-label={t('pdfOfferLabel', 'Verso: read this PDF in Verso’s reader?')}
      onKeyDown={onlyTrusted((e: KeyboardEvent) => {
        if (e.key === 'Escape') model.dismiss();
      })}
    >
      <span class="brand">Verso</span>
      <p class="text">
        {t('pdfOfferText', 'Read this PDF in Verso’s reader, where you can translate it as you read?')}
      </p>
      <div class="actions">
        <VisibleButton class="primary" disabled={busy} onAct={() => void model.answer('once')}>
          {t('pdfOfferOpen', 'Open in Verso’s reader')}
        </VisibleButton>
        <VisibleButton disabled={busy} onAct={() => void model.answer('site')}>
          {t('pdfOfferSite', 'Always on this site')}
        </VisibleButton>
        <VisibleButton disabled={busy} onAct={() => void model.answer('always')}>
          {t('pdfOfferAlways', 'Always')}
        </VisibleButton>
        <button type="button" disabled={busy} onClick={onlyTrusted(() => model.dismiss())}>
          {t('pdfOfferNotNow', 'Not now')}
        </button>
      </div>
      {error && (
        <p class="text" role="alert">
          {describeError(error)}
        </p>
      )}
    </section>
  );
}

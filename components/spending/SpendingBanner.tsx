import { useEffect } from 'preact/hooks';
import { type Held, OWN_PAGES, PRIVATE_WINDOWS } from '../../lib/features/spending/guard.ts';
import type { SpendingModel } from '../../lib/features/spending/model.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { Status } from '../ui/Status.tsx';

/** Why a site was held back, in the person's words. */
export function heldReason(held: Held): string {
  switch (held.reason) {
    case 'minute':
      return t('spendingReasonMinute', 'Verso as a whole sent more than your limit per minute.');
    case 'day':
      return t('spendingReasonDay', "Verso reached today's limit.");
    case 'tab':
      return t('spendingReasonTab', 'This tab asked for more than your limit for one tab.');
    default:
      return t('spendingReasonSite', 'The site kept asking for more than a reader uses.');
  }
}

export const siteName = (site: string) =>
  site === OWN_PAGES
    ? t('spendingOwnPages', "Verso's own pages")
    : site === PRIVATE_WINDOWS
      ? t('spendingPrivate', 'Private windows')
      : site;

/** One held site: what was held back, why, and the person's way to go on. */
export function HeldNotice({ held, model }: { held: Held; model: SpendingModel }) {
  return (
    <Status kind="warn">
      <span>
        {t('spendingHeld', 'Verso held back $1 characters from $2.', [formatNumber(held.chars), siteName(held.site)])}{' '}
        {heldReason(held)}
      </span>{' '}
      <button type="button" onClick={() => void model.continueFor(held.site)}>
        {t('spendingContinue', 'Continue sending from $1', siteName(held.site))}
      </button>
    </Status>
  );
}

/** The popup's line when Verso holds a site back: the popup's own tab's first. */
export function SpendingBanner({ model }: { model: SpendingModel }) {
  useEffect(() => void model.load(), [model]);
  const held = model.held.value;
  if (held.length === 0) return null;
  return (
    <section class="panel spending-banner" aria-label={t('spendingBannerLabel', 'Held back')}>
      {held.slice(0, 3).map((h) => (
        <HeldNotice key={h.site} held={h} model={model} />
      ))}
    </section>
  );
}

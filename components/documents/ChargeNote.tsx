import { type ChargeEstimate, chargeOf } from '../../lib/features/documents/charge.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { Status } from '../ui/Status.tsx';

/** What the chosen file will cost, before it is sent: the per-document minimum said in so many words. */
export function ChargeNote({ estimate }: { estimate: ChargeEstimate | undefined }) {
  if (!estimate || estimate.kind === 'unknown') return null;
  const charge = formatNumber(chargeOf(estimate) ?? 0);
  if (estimate.kind === 'counted' || (estimate.characters ?? 0) >= estimate.minimum) {
    return <p class="hint">{t('docsChargeAbout', 'Estimated charge: about $1 characters.', charge)}</p>;
  }
  const minimum = formatNumber(estimate.minimum);
  return (
    <Status kind="warn">
      {estimate.characters === undefined
        ? t(
            'docsChargeAtLeast',
            'Word, PowerPoint, Excel and PDF files are billed at least $1 characters each, however short: translating this file counts at least $1 characters against your limit.',
            minimum,
          )
        : t(
            'docsChargeMinimum',
            'Word, PowerPoint, Excel and PDF files are billed at least $1 characters each, however short. This file has about $2 characters of text, but translating it counts $1 characters against your limit.',
            [minimum, formatNumber(estimate.characters)],
          )}
    </Status>
  );
}

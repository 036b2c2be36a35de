import type { TranslationControlsModel } from '../../lib/features/translation-controls/model.ts';
import { listOf, reasonLabel } from '../../lib/features/translation-controls/wording.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Status } from '../ui/Status.tsx';

/**
 * Explains why requests go out quality optimised although the default model is latency optimised: the
 * service refuses that model together with these controls (docs/contract.md §4.1 rules 4, 5).
 */
export function ModelBanner({ model }: { model: TranslationControlsModel }) {
  const reasons = model.forcedReasons.value;
  if (reasons.length === 0) return null;
  return (
    <Status kind="warn">
      <strong>{t('advBannerTitle', 'These controls need the quality-optimised model.')}</strong>{' '}
      {t(
        'advBannerText',
        'Your default model is latency optimised (Defaults), but the service cannot combine it with $1. Translations that use them are sent with the quality-optimised model; the others stay latency optimised.',
        listOf(reasons.map(reasonLabel)),
      )}
    </Status>
  );
}

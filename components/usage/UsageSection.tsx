import type { UsageModel } from '../../lib/features/usage/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { UsageMeter } from './UsageMeter.tsx';

/** Options, "Usage": the meter, and what the limits mean. */
export function UsageSection({ model }: { model: UsageModel }) {
  return (
    <section aria-labelledby="usage-section-title">
      <h2 id="usage-section-title">{t('usageSectionTitle', 'Usage')}</h2>
      <p>
        {t(
          'usageSectionIntro',
          'Characters of text translation, document translation and text improvement count against these limits. Verso warns at 80 %; at 100 % the service refuses requests until the next period.',
        )}
      </p>
      <UsageMeter model={model} heading="h3" />
    </section>
  );
}

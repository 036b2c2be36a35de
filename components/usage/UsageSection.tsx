import { DOCUMENT_MINIMUM_CHARACTERS } from '../../lib/features/documents/charge.ts';
import type { UsageModel } from '../../lib/features/usage/model.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
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
      <h3>{t('usageCountedTitle', 'How characters are counted')}</h3>
      <ul>
        <li>
          {t(
            'usageDocumentsMinimum',
            'A Word, PowerPoint, Excel or PDF document counts at least $1 characters, however short it is; HTML, text, subtitle and XLIFF files count the characters of their text.',
            formatNumber(DOCUMENT_MINIMUM_CHARACTERS),
          )}
        </li>
        <li>
          {t(
            'usageSameLanguage',
            'Text already in the target language is counted too; the context Verso sends with a text is not.',
          )}
        </li>
      </ul>
    </section>
  );
}

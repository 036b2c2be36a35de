import { useEffect } from 'preact/hooks';
import type { DocumentsModel } from '../../lib/features/documents/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { JobList } from './JobList.tsx';
import './documents.css';

/** Options, "Documents": the way to the document page, and the jobs. */
export function DocumentsSection({ model }: { model: DocumentsModel }) {
  useEffect(() => model.watch(), [model]);
  return (
    <section aria-labelledby="documents-section-title">
      <h2 id="documents-section-title">{t('docsSectionTitle', 'Documents')}</h2>
      <p>
        {t(
          'docsSectionIntro',
          'Translate Word, PowerPoint, Excel, PDF, HTML, text, XLIFF and subtitle files, keeping their layout.',
        )}
      </p>
      <button type="button" class="primary" onClick={() => model.openPage()}>
        {t('docsOpenPage', 'Translate a document')}
      </button>
      <h3>{t('docsJobsTitle', 'Your documents')}</h3>
      <JobList model={model} />
    </section>
  );
}

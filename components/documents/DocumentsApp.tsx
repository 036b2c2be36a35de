import { useEffect } from 'preact/hooks';
import { openDocuments, watchJobs } from '../../lib/features/documents/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { DocumentForm } from './DocumentForm.tsx';
import { JobList } from './JobList.tsx';
import './documents.css';

/** The document translation page (documents.html). */
export function DocumentsApp() {
  useEffect(() => {
    void openDocuments();
    return watchJobs();
  }, []);
  return (
    <main class="documents-page">
      <h1>{t('docsTitle', 'Translate a document')}</h1>
      <DocumentForm />
      <section aria-labelledby="documents-jobs-title">
        <h2 id="documents-jobs-title">{t('docsJobsTitle', 'Your documents')}</h2>
        <p class="hint">
          {t(
            'docsJobsHint',
            'The service deletes a translated document after its first download. Verso keeps following jobs when this page is closed.',
          )}
        </p>
        <JobList />
      </section>
    </main>
  );
}

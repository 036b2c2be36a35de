import { useEffect } from 'preact/hooks';
import { t } from '../../lib/ui/i18n.ts';
import { useModel } from '../ui/use-model.ts';
import { DocumentForm } from './DocumentForm.tsx';
import { DropZone } from './DropZone.tsx';
import { JobList } from './JobList.tsx';
import { createDocumentsModel } from './models.ts';
import './documents.css';

/** The document translation page (documents.html); it creates the page's model. */
export function DocumentsApp() {
  const model = useModel(createDocumentsModel);
  useEffect(() => {
    void model.open();
    return model.watch();
  }, [model]);
  return (
    <main class="documents-page">
      <h1>{t('docsTitle', 'Translate a document')}</h1>
      <DocumentForm model={model} fileControl={<DropZone model={model} />} />
      <section aria-labelledby="documents-jobs-title">
        <h2 id="documents-jobs-title">{t('docsJobsTitle', 'Your documents')}</h2>
        <p class="hint">
          {t(
            'docsJobsHint',
            'The service deletes a translated document after its first download. Verso keeps following jobs when this page is closed.',
          )}
        </p>
        <JobList model={model} />
      </section>
    </main>
  );
}

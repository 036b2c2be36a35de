import { openDocumentsPage } from '../../lib/features/documents/open-page.ts';
import { t } from '../../lib/ui/i18n.ts';

/** The popup's way to the document page. */
export function DocumentsLink() {
  return (
    <button type="button" onClick={openDocumentsPage}>
      {t('docsOpenPage', 'Translate a document')}
    </button>
  );
}

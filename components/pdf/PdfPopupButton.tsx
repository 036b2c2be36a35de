import type { PdfPopupModel } from '../../lib/features/pdf/popup-model.ts';
import { t } from '../../lib/ui/i18n.ts';

/** The popup's way into the PDF reader for the tab's PDF (shown in Firefox: see PdfPopupModel). */
export function PdfPopupButton({ model }: { model: PdfPopupModel }) {
  const state = model.state.value;
  return (
    <div class="pdf-open">
      <button type="button" disabled={state === 'opening'} onClick={() => void model.open()}>
        {t('pdfPopupOpen', 'Open this PDF in Verso’s reader')}
      </button>
      {state === 'not-pdf' && (
        <p role="status">
          {t('pdfPopupNotPdf', 'This tab does not show a PDF Verso can open (its address must end in .pdf).')}
        </p>
      )}
    </div>
  );
}

import type { DocumentsModel } from '../../lib/features/documents/model.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatPercent, t } from '../../lib/ui/i18n.ts';
import { Status } from '../ui/Status.tsx';

/** The file's way to the service: into Verso chunk by chunk, then the upload itself. */
export function UploadStatus({ model }: { model: DocumentsModel }) {
  const { notice, uploadError } = model;
  const state = model.upload.value;
  if (state.phase === 'sending') {
    // Rounded down, so the last bytes still on their way never read as 100 %.
    const percent = state.total ? Math.floor((state.sent / state.total) * 100) / 100 : 0;
    return (
      <div class="upload-status">
        <progress
          max={state.total || 1}
          value={state.sent}
          aria-label={t('docsSendingLabel', 'Handing the file to Verso')}
        />
        <Status kind="info">
          {t('docsSending', 'Uploading: handing the file to Verso, $1…', formatPercent(percent))}
        </Status>
      </div>
    );
  }
  if (state.phase === 'uploading') {
    return (
      <div class="upload-status">
        <progress aria-label={t('docsUploadingLabel', 'Uploading to the service')} />
        <Status kind="info">{t('docsUploading', 'Uploading to the translation service…')}</Status>
      </div>
    );
  }
  if (uploadError.value) return <Status kind="error">{describeError(uploadError.value)}</Status>;
  if (notice.value) return <Status kind="ok">{notice.value}</Status>;
  return null;
}

import type { DocumentJobState } from '../../lib/db/index.ts';
import { DOCUMENT_MINIMUM_CHARACTERS, minimumApplies } from '../../lib/features/documents/charge.ts';
import { extensionOf } from '../../lib/features/documents/file-types.ts';
import type { DocumentsModel } from '../../lib/features/documents/model.ts';
import type { DocumentJobView } from '../../lib/features/documents/types.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { countText } from '../../lib/ui/plural.ts';
import { Status } from '../ui/Status.tsx';

function stateLabel(state: DocumentJobState): string {
  switch (state) {
    case 'uploading':
      return t('docsStateUploading', 'Uploading');
    case 'queued':
      return t('docsStateQueued', 'Queued');
    case 'translating':
      return t('docsStateTranslating', 'Translating');
    case 'done':
      return t('docsStateDone', 'Done');
    case 'downloaded':
      return t('docsStateDownloaded', 'Downloaded');
    case 'error':
      return t('docsStateError', 'Error');
  }
}

/** The characters billed, and why when it is the per-document minimum rather than the file's text. */
function BilledLine({ job, billed }: { job: DocumentJobView; billed: number }) {
  const atMinimum = billed === DOCUMENT_MINIMUM_CHARACTERS && minimumApplies(extensionOf(job.fileName));
  return (
    <p class="hint">
      {atMinimum
        ? t(
            'docsBilledMinimum',
            '$1 characters billed: the minimum for a Word, PowerPoint, Excel or PDF file, however short.',
            formatNumber(billed),
          )
        : countText('docsBilled', 'one=$1 character billed.|other=$1 characters billed.', billed)}
    </p>
  );
}

/** One job: its state, the service's progress, what was billed, Download and Remove. */
export function JobItem({ model, job }: { model: DocumentsModel; job: DocumentJobView }) {
  const titleId = `job-${job.documentId}`;
  const message = model.jobMessages.value[job.documentId];
  const busy = model.busyJob.value === job.documentId;
  const pair = `${job.sourceLang ? job.sourceLang.toUpperCase() : t('docsAuto', 'auto')} → ${job.targetLang.toUpperCase()}`;
  return (
    <li class={`job state-${job.state}`} aria-labelledby={titleId}>
      <div class="job-head">
        <strong id={titleId}>{job.fileName}</strong>
        <span class="job-pair">{pair}</span>
        <span class="job-state">{stateLabel(job.state)}</span>
      </div>
      {(job.state === 'queued' || job.state === 'translating') && (
        <progress aria-label={t('docsProgressLabel', 'Translation of $1', job.fileName)} />
      )}
      {(job.state === 'queued' || job.state === 'translating') && (
        <p class="hint">
          {t('docsWorking', 'The service is working on it. This can take from seconds to a few minutes.')}
        </p>
      )}
      {job.billedCharacters !== undefined && <BilledLine job={job} billed={job.billedCharacters} />}
      {job.state === 'done' && job.kept && (
        <p class="hint">
          {t(
            'docsKept',
            'The service has deleted its copy; Verso keeps the translated file until the browser has saved it.',
          )}
        </p>
      )}
      {job.state === 'error' && job.error && <p class="job-error">{job.error}</p>}
      <div class="row">
        {(job.state === 'done' || job.state === 'downloaded') && (
          <button
            type="button"
            class={job.state === 'done' ? 'primary' : ''}
            disabled={busy}
            aria-label={busy ? undefined : t('docsDownloadOf', 'Download $1', job.fileName)}
            onClick={() => void model.downloadJob(job.documentId)}
          >
            {busy ? t('docsDownloading', 'Downloading…') : t('docsDownload', 'Download')}
          </button>
        )}
        {(job.state === 'downloaded' || job.state === 'error') && (
          <button type="button" aria-describedby={titleId} onClick={() => void model.removeJob(job.documentId)}>
            {t('docsRemove', 'Remove from list')}
          </button>
        )}
      </div>
      {message && <Status kind={message.kind}>{message.text}</Status>}
    </li>
  );
}

/** The document jobs of this account, newest first, with what can be done with each. */
export function JobList({ model }: { model: DocumentsModel }) {
  const { jobs, jobsError } = model;
  return (
    <div class="job-list">
      {jobsError.value && <Status kind="error">{describeError(jobsError.value)}</Status>}
      {jobs.value.length === 0 ? (
        <p class="hint">{t('docsNoJobs', 'No documents yet.')}</p>
      ) : (
        <ul aria-live="polite">
          {jobs.value.map((job) => (
            <JobItem key={job.documentId} model={model} job={job} />
          ))}
        </ul>
      )}
    </div>
  );
}

import { browser } from 'wxt/browser';
import { clientFor } from '../../background/client.ts';
import { appDb, type DocumentJobRecord } from '../../db/index.ts';
import { accountScope } from '../../db/scope.ts';
import { handle } from '../../messaging/handle.ts';
import { getCredentials } from '../../settings/credentials.ts';
import { t } from '../../ui/i18n.ts';
import { charge } from '../spending/background.ts';
import { resolverInputs } from '../translation-controls/params.background.ts';
import { defaultChoices } from '../translation-controls/resolve.ts';
import { base64ToBytes, CHUNK_BYTES } from './base64.ts';
import { chargeOf, estimateCharge } from './charge.ts';
import { glossaryChoicesForPair } from './choices.ts';
import { extensionOf, isLoopbackServer } from './file-types.ts';
import { DocumentJobs } from './jobs.background.ts';
import type { UploadMeta } from './messages.ts';
import { openDocumentsPage } from './open-page.ts';
import { ResultTransfers } from './result-transfers.ts';
import { toJobView } from './types.ts';
import { UploadSessions } from './upload-sessions.ts';

export const DOCUMENTS_ALARM = 'verso-documents-poll';
/** Chrome fires alarms at most every 30 s in a packed extension; polling in between runs on timers. */
const MIN_ALARM_MS = 30_000;
const NOTIFICATION_PREFIX = 'verso-document:';

async function currentScope(): Promise<string> {
  const creds = await getCredentials();
  return accountScope(creds.serverUrl, creds.apiKey);
}

async function armAlarm(when: number | undefined): Promise<void> {
  if (when === undefined) {
    await browser.alarms.clear(DOCUMENTS_ALARM);
    return;
  }
  await browser.alarms.create(DOCUMENTS_ALARM, { when: Math.max(when, Date.now() + MIN_ALARM_MS) });
}

async function notifyFinished(job: DocumentJobRecord): Promise<void> {
  const done = job.state === 'done';
  await browser.notifications.create(`${NOTIFICATION_PREFIX}${job.document_id}`, {
    type: 'basic',
    iconUrl: browser.runtime.getURL('/icon/128.png'),
    title: done ? t('docsNotifyDone', 'Document translated') : t('docsNotifyError', 'Document translation failed'),
    message: done
      ? t('docsNotifyDoneText', '$1 is ready to download.', job.fileName)
      : `${job.fileName}: ${job.error ?? ''}`,
  });
}

async function downloadState(downloadId: number) {
  const [item] = await browser.downloads.search({ id: downloadId });
  return item?.state as 'in_progress' | 'complete' | 'interrupted' | undefined;
}

/**
 * Document translation in the background: the page hands over the file in chunks, this side uploads
 * it, polls it (timers while the worker lives, an alarm to come back after it was stopped), notifies,
 * and hands the result back in chunks.
 */
export function setUpDocuments(): void {
  const jobs = new DocumentJobs({
    db: appDb(),
    scope: currentScope,
    client: (options) => clientFor('document', options),
    onFinished: notifyFinished,
    armAlarm,
    downloadState,
  });
  const uploads = new UploadSessions<UploadMeta>();
  const results = new ResultTransfers();

  handle('documents.list', async () => {
    const [list, kept] = await Promise.all([jobs.list(), appDb().documentResults.toCollection().primaryKeys()]);
    return list.map((job) => toJobView(job, kept.includes(job.document_id)));
  });
  handle('documents.begin', (meta) => ({ uploadId: uploads.begin(meta, meta.size), chunkBytes: CHUNK_BYTES }));
  handle('documents.chunk', ({ uploadId, index, data }) => ({
    received: uploads.append(uploadId, index, base64ToBytes(data)),
  }));
  handle('documents.commit', async ({ uploadId }) => {
    const { meta, bytes } = uploads.take(uploadId);
    // The person pressed Translate on Verso's own page, with the charge told beside the button (ChargeNote):
    // credited, so only the day's limit applies. Charged before anything leaves; the page keeps the file.
    const chars = chargeOf(estimateCharge(extensionOf(meta.fileName), bytes)) ?? 0;
    await charge({ feature: 'documents', chars, credited: true });
    return toJobView(await jobs.upload(meta, bytes));
  });
  handle('documents.cancelUpload', ({ uploadId }) => {
    uploads.cancel(uploadId);
    return null;
  });
  handle('documents.download', async ({ documentId }) => {
    const file = await jobs.download(documentId);
    const { transferId, chunks } = results.put(file.bytes);
    return {
      transferId,
      chunks,
      fileName: file.fileName,
      size: file.bytes.length,
      ...(file.contentType ? { contentType: file.contentType } : {}),
    };
  });
  handle('documents.saving', async ({ documentId, downloadId }) => {
    await jobs.saving(documentId, downloadId);
    return null;
  });
  handle('documents.resultChunk', ({ transferId, index }) => ({ data: results.chunk(transferId, index) }));
  handle('documents.remove', async ({ documentId }) => {
    await jobs.remove(documentId);
    return null;
  });
  handle('documents.server', async () => ({ loopback: isLoopbackServer((await getCredentials()).serverUrl) }));
  handle('documents.glossaries', async ({ sourceLang, targetLang }) => {
    const glossaries = await (await clientFor('document')).listGlossaries();
    return glossaryChoicesForPair(glossaries, sourceLang, targetLang);
  });
  handle('documents.defaults', async ({ sourceLang, targetLang }) => {
    const { formality, glossaryId } = defaultChoices(await resolverInputs(), {
      targetLang,
      ...(sourceLang ? { sourceLang } : {}),
    });
    return { formality, ...(glossaryId ? { glossaryId } : {}) };
  });

  // A job is downloaded only once the browser has the file on disk (docs/security.md).
  browser.downloads.onChanged.addListener((delta) => {
    const state = delta.state?.current;
    if (state === 'complete' || state === 'interrupted') void jobs.downloadEnded(delta.id, state);
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === DOCUMENTS_ALARM) void jobs.tick();
  });
  browser.notifications.onClicked.addListener((id) => {
    if (!id.startsWith(NOTIFICATION_PREFIX)) return;
    void browser.notifications.clear(id);
    void openDocumentsPage();
  });
  // A (re)started worker picks up the jobs it was polling and the saves that ended meanwhile.
  void jobs.tick();
  void jobs.settleDownloads();
}

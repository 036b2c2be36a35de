import { type ApiClient, isAuthError, isNotFound } from '../../api/index.ts';
import type { AppDB, DocumentJobRecord, DocumentResultRecord } from '../../db/index.ts';
import { t } from '../../ui/i18n.ts';
import { nextPollDelay } from './backoff.ts';
import { documentGone, documentNotReady, unknownJob } from './errors.ts';
import type { UploadMeta } from './messages.ts';
import { resultFileName } from './naming.ts';
import { isActiveState } from './types.ts';

export interface DocumentJobsDeps {
  db: AppDB;
  /** The current account's scope (lib/db/scope.ts): only its jobs are listed and polled. */
  scope(): Promise<string>;
  client(options?: { timeoutMs?: number; retry?: false }): Promise<ApiClient>;
  /** Once per job, when it reaches done or error. */
  onFinished?(job: DocumentJobRecord): void | Promise<void>;
  /** The in-process timer that drives polling while the worker lives; returns its cancel function. */
  setTimer?(run: () => void, ms: number): () => void;
  /**
   * The restart safety net: an alarm at about `when` (undefined: none is needed). The worker may be
   * stopped at any time; the alarm wakes it and polling resumes from Dexie.
   */
  armAlarm?(when: number | undefined): void | Promise<void>;
  /** The browser's state of a download (`downloads.search`); undefined when it does not know the id. */
  downloadState?(downloadId: number): Promise<'in_progress' | 'complete' | 'interrupted' | undefined>;
  now?(): number;
}

/** Upload time grows with the file: 15 s, plus 1 s per 256 KiB (30 MiB: about two minutes). */
export const uploadTimeoutMs = (bytes: number) => 15_000 + Math.ceil(bytes / (256 * 1024)) * 1000;

interface Timing {
  delay: number;
  nextAt: number;
}

/**
 * Document jobs: upload, status polling with back-off, download. Every job lives in Dexie with its
 * `document_key` (the service does not keep it), so a worker restart loses nothing; back-off timings
 * live in memory only, and after a restart every active job is simply due at once.
 */
export class DocumentJobs {
  private readonly timings = new Map<string, Timing>();
  private cancelTimer: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;

  constructor(private readonly deps: DocumentJobsDeps) {}

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  async list(): Promise<DocumentJobRecord[]> {
    const scope = await this.deps.scope();
    const jobs = await this.deps.db.documentJobs.where('scope').equals(scope).toArray();
    return jobs.sort((a, b) => b.createdAt - a.createdAt);
  }

  async upload(meta: UploadMeta, bytes: Uint8Array): Promise<DocumentJobRecord> {
    const scope = await this.deps.scope();
    const client = await this.deps.client({ timeoutMs: uploadTimeoutMs(bytes.length) });
    const handle = await client.uploadDocument({
      file: new Blob([bytes.slice()]),
      filename: meta.fileName,
      target_lang: meta.targetLang,
      ...(meta.sourceLang ? { source_lang: meta.sourceLang } : {}),
      ...(meta.formality && meta.formality !== 'default' ? { formality: meta.formality } : {}),
      ...(meta.glossaryId ? { glossary_id: meta.glossaryId } : {}),
      ...(meta.outputFormat ? { output_format: meta.outputFormat } : {}),
    });
    const now = this.now();
    const job: DocumentJobRecord = {
      document_id: handle.document_id,
      document_key: handle.document_key,
      scope,
      fileName: meta.fileName,
      targetLang: meta.targetLang,
      state: 'queued',
      createdAt: now,
      updatedAt: now,
      ...(meta.sourceLang ? { sourceLang: meta.sourceLang } : {}),
      ...(meta.outputFormat ? { outputFormat: meta.outputFormat } : {}),
    };
    // Written before anything else can fail: without this row the document_key would be lost.
    await this.deps.db.documentJobs.put(job);
    const delay = nextPollDelay(undefined);
    this.timings.set(job.document_id, { delay, nextAt: now + delay });
    await this.schedule();
    return job;
  }

  /**
   * Polls every active job whose time has come, then schedules the next round. Safe to call at any
   * time (start, alarm, timer): rounds never overlap, and a call during a round asks for one more.
   */
  async tick(): Promise<void> {
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = this.round().finally(() => {
      this.running = undefined;
    });
    await this.running;
    if (this.rerun) {
      this.rerun = false;
      await this.tick();
    }
  }

  private async activeJobs(): Promise<DocumentJobRecord[]> {
    return (await this.list()).filter((j) => isActiveState(j.state));
  }

  private async round(): Promise<void> {
    let client: ApiClient | undefined;
    try {
      for (const job of await this.activeJobs()) {
        const timing = this.timings.get(job.document_id);
        if (timing && timing.nextAt > this.now()) continue;
        client ??= await this.deps.client({ retry: false });
        await this.poll(client, job, timing?.delay);
      }
    } catch {
      // No key, or Dexie unavailable for a moment: the schedule below tries again later.
    }
    await this.schedule();
  }

  private async poll(client: ApiClient, job: DocumentJobRecord, delay: number | undefined): Promise<void> {
    const id = job.document_id;
    try {
      const status = await client.getDocumentStatus({ document_id: id, document_key: job.document_key });
      if (status.status === 'done') {
        await this.finish(job, {
          state: 'done',
          ...(status.billed_characters !== undefined ? { billedCharacters: status.billed_characters } : {}),
        });
      } else if (status.status === 'error') {
        await this.finish(job, {
          state: 'error',
          error: status.error_message || t('docsFailed', 'The service could not translate this document.'),
        });
      } else {
        if (status.status !== job.state) await this.update(job, { state: status.status });
        this.backOff(id, delay);
      }
    } catch (e) {
      // 404: the service lost the document; 403: this document's key or the API key is refused for good.
      if (isNotFound(e) || isAuthError(e)) {
        const message = (e as Error).message;
        await this.finish(job, {
          state: 'error',
          error: isNotFound(e)
            ? t('docsLost', 'The service no longer knows this document. Upload the file again.')
            : message,
        });
      } else {
        // Busy, unreachable, failing: keep asking, less often.
        this.backOff(id, delay);
      }
    }
  }

  private backOff(id: string, delay: number | undefined) {
    const next = nextPollDelay(delay);
    this.timings.set(id, { delay: next, nextAt: this.now() + next });
  }

  private async update(job: DocumentJobRecord, patch: Partial<DocumentJobRecord>): Promise<DocumentJobRecord> {
    const next = { ...job, ...patch, updatedAt: this.now() };
    await this.deps.db.documentJobs.put(next);
    return next;
  }

  private async finish(job: DocumentJobRecord, patch: Partial<DocumentJobRecord>): Promise<void> {
    this.timings.delete(job.document_id);
    const done = await this.update(job, patch);
    try {
      await this.deps.onFinished?.(done);
    } catch {
      // A notification that cannot be shown must not stop polling of the other jobs.
    }
  }

  /** The in-process timer for the earliest due job, and the alarm behind it. */
  private async schedule(): Promise<void> {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    let active: DocumentJobRecord[] = [];
    try {
      active = await this.activeJobs();
    } catch {
      active = [];
    }
    if (active.length === 0) {
      await this.deps.armAlarm?.(undefined);
      return;
    }
    const now = this.now();
    const nextAt = Math.min(...active.map((j) => this.timings.get(j.document_id)?.nextAt ?? now));
    const setTimer = this.deps.setTimer ?? defaultTimer;
    this.cancelTimer = setTimer(() => void this.tick(), Math.max(0, nextAt - now));
    await this.deps.armAlarm?.(nextAt);
  }

  /** Stops the in-process timer (tests; the alarm stays). */
  stop(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }

  /**
   * The translated file. The first call downloads it from the service, which deletes the document
   * then; the bytes are kept in Dexie until the browser reports the file saved (`downloadEnded`), so a
   * save the browser refused or interrupted can be tried again without the service.
   */
  async download(documentId: string): Promise<{ bytes: Uint8Array; fileName: string; contentType?: string }> {
    const job = await this.owned(documentId);
    if (isActiveState(job.state)) throw documentNotReady();
    if (job.state === 'error') throw Object.assign(new Error(job.error ?? ''), { code: 'bad_request' });
    const kept = await this.deps.db.documentResults.get(job.document_id);
    if (kept) return keptFile(kept);
    const client = await this.deps.client();
    let result: Awaited<ReturnType<ApiClient['downloadDocument']>>;
    try {
      result = await client.downloadDocument({ document_id: job.document_id, document_key: job.document_key });
    } catch (e) {
      if (isNotFound(e)) {
        if (job.state !== 'downloaded') await this.update(job, { state: 'error', error: documentGone(false).message });
        throw documentGone(job.state === 'downloaded');
      }
      throw e;
    }
    const record: DocumentResultRecord = {
      document_id: job.document_id,
      bytes: result.bytes,
      fileName: resultFileName(job, result.filename),
      keptAt: this.now(),
      ...(result.contentType ? { contentType: result.contentType } : {}),
    };
    // The service no longer has it: these bytes are the only copy until the file is on disk.
    await this.deps.db.documentResults.put(record);
    return keptFile(record);
  }

  /** The page started saving the file as browser download `downloadId`; it may already have ended. */
  async saving(documentId: string, downloadId: number): Promise<void> {
    const job = await this.owned(documentId);
    await this.update(job, { downloadId });
    const state = await this.deps.downloadState?.(downloadId);
    if (state === 'complete' || state === 'interrupted') await this.downloadEnded(downloadId, state);
  }

  /**
   * The browser reports a download ended. Complete: the file is on disk, the job is downloaded and the
   * kept bytes go. Interrupted (or refused, cancelled): the job stays done and the bytes stay.
   */
  async downloadEnded(downloadId: number, state: 'complete' | 'interrupted'): Promise<void> {
    const jobs = await this.deps.db.documentJobs.filter((j) => j.downloadId === downloadId).toArray();
    for (const job of jobs) {
      const { downloadId: _ended, ...rest } = job;
      if (state === 'complete') {
        await this.deps.db.transaction('rw', this.deps.db.documentJobs, this.deps.db.documentResults, async () => {
          await this.deps.db.documentJobs.put({ ...rest, state: 'downloaded', updatedAt: this.now() });
          await this.deps.db.documentResults.delete(job.document_id);
        });
      } else {
        await this.deps.db.documentJobs.put({ ...rest, updatedAt: this.now() });
      }
    }
  }

  /** At start-up: settles the saves that ended while the worker was stopped. */
  async settleDownloads(): Promise<void> {
    const saving = await this.deps.db.documentJobs.filter((j) => j.downloadId !== undefined).toArray();
    for (const job of saving) {
      const id = job.downloadId as number;
      const state = await this.deps.downloadState?.(id);
      // Unknown to the browser (its list was cleared): nothing will report it; the bytes stay.
      if (state !== 'in_progress') await this.downloadEnded(id, state === 'complete' ? 'complete' : 'interrupted');
    }
  }

  /** Forgets a job. Only finished ones: an active or undownloaded job would lose its document_key. */
  async remove(documentId: string): Promise<void> {
    const job = await this.owned(documentId);
    if (job.state !== 'downloaded' && job.state !== 'error') {
      throw Object.assign(new Error(t('docsKeepUntilDownloaded', 'Download the document before removing it.')), {
        code: 'invalid_request',
      });
    }
    this.timings.delete(documentId);
    await this.deps.db.documentJobs.delete(documentId);
    await this.deps.db.documentResults.delete(documentId);
  }

  private async owned(documentId: string): Promise<DocumentJobRecord> {
    const [scope, job] = await Promise.all([this.deps.scope(), this.deps.db.documentJobs.get(documentId)]);
    if (!job || job.scope !== scope) throw unknownJob();
    return job;
  }
}

function keptFile(kept: DocumentResultRecord) {
  return {
    bytes: kept.bytes,
    fileName: kept.fileName,
    ...(kept.contentType ? { contentType: kept.contentType } : {}),
  };
}

function defaultTimer(run: () => void, ms: number): () => void {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
}

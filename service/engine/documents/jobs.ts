import { isBilledTarget } from '../../data/languages.ts';
import { ServiceError } from '../../http/errors.ts';
import type { ApiKey } from '../../stores/accounts.ts';
import type { ServiceState } from '../../stores/state.ts';
import { type TranslateRequest, translateTexts } from '../translate.ts';
import type { DocumentFormat, OpenedDocument } from './types.ts';

/**
 * Document translations (docs/contract.md §D3), kept in `state.documents`: each moves queued ->
 * translating -> done (or error) on timers of `documentStepMs`, is billed when done, and is removed
 * once downloaded.
 */

export type DocumentStatus = 'queued' | 'translating' | 'done' | 'error';

export interface DocumentJob {
  id: string;
  /** Generated at upload and handed to the client; every later request must carry it. */
  key: string;
  accountId: string;
  apiKey: ApiKey;
  reportingTag?: string;
  /** Name of the translated file, e.g. `report.de.docx`. */
  resultName: string;
  /** Extension and content type of the result: the input's, or a conversion's (pdf -> docx). */
  resultExtension: string;
  resultContentType: string;
  format: DocumentFormat;
  opened: OpenedDocument;
  translation: Omit<TranslateRequest, 'texts'> & { targetLang: string };
  /** Test-mode fault `documentError`: the job ends in error with this message. */
  failWith?: string;
  status: DocumentStatus;
  /** Wall-clock end of the translating step, for seconds_remaining. */
  translatingUntil?: number;
  billedCharacters?: number;
  errorMessage?: string;
  result?: Uint8Array;
}

function later(state: ServiceState, ms: number, run: () => void): void {
  const { timers } = state.documents;
  const cancel = state.later(ms, () => {
    timers.delete(cancel);
    run();
  });
  timers.add(cancel);
}

/** Characters billed for a translated document (docs/contract.md §D6). */
function billedFor(state: ServiceState, job: DocumentJob, counted: number): number {
  if (!isBilledTarget(state, 'translate_document', job.translation.targetLang)) return 0;
  return Math.max(counted, job.format.minimumCharacters);
}

function fail(job: DocumentJob, err: unknown): void {
  job.status = 'error';
  job.errorMessage = err instanceof ServiceError ? err.message : 'The document could not be translated';
  if (!(err instanceof ServiceError)) console.error('[service] document translation failed', err);
}

function finish(state: ServiceState, job: DocumentJob): void {
  if (job.failWith !== undefined) {
    job.status = 'error';
    job.errorMessage = job.failWith;
    return;
  }
  try {
    const translated = translateTexts(state, { ...job.translation, texts: job.opened.texts });
    const billed = billedFor(
      state,
      job,
      translated.reduce((n, t) => n + t.billedCharacters, 0),
    );
    state.usage.assertQuota(job.apiKey, billed);
    const done = (result: Uint8Array) => {
      job.result = result;
      state.usage.record(job.apiKey, 'document_translation', billed, job.reportingTag);
      job.billedCharacters = billed;
      job.status = 'done';
    };
    const built = job.opened.build(
      translated.map((t) => t.text),
      job.translation.targetLang,
      job.resultExtension,
    );
    // Writers that need a promise (pdf) finish later; the others stay synchronous.
    if (built instanceof Uint8Array) done(built);
    else built.then(done, (err: unknown) => fail(job, err));
  } catch (err) {
    fail(job, err);
  }
}

/** Registers the job and starts its clock; the step length is read now, so later config changes apply to new uploads. */
export function startJob(state: ServiceState, job: DocumentJob): void {
  const stepMs = state.options.documentStepMs;
  state.documents.jobs.set(job.id, job);
  later(state, stepMs, () => {
    job.status = 'translating';
    job.translatingUntil = Date.now() + stepMs;
    later(state, stepMs, () => finish(state, job));
  });
}

/** Finished documents the account has not downloaded yet. */
export function waitingForDownload(state: ServiceState, accountId: string): number {
  let n = 0;
  for (const job of state.documents.jobs.values()) if (job.accountId === accountId && job.status === 'done') n++;
  return n;
}

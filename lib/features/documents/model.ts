import { batch, computed, effect, signal } from '@preact/signals';
import type { Language } from '../../api/index.ts';
import { send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import { getPreferences } from '../../settings/items.ts';
import type { Formality } from '../../settings/schema.ts';
import { describeError } from '../../ui/describe-error.ts';
import { t } from '../../ui/i18n.ts';
import { type ChargeEstimate, estimateCharge } from './charge.ts';
import { formalityAllowed, glossaryAllowed, sourceChoices, supportsFeature, targetChoices } from './choices.ts';
import { checkDocumentFile, extensionOf, type FileProblem, outputFormatsFor } from './file-types.ts';
import type { UploadMeta } from './messages.ts';
import { fallbackFileName } from './naming.ts';
import { type Saving, startSaving } from './save.ts';
import { receiveResult, type SendProgress, sendDocument } from './transfer.ts';
import { type DocumentJobView, type GlossaryChoice, isActiveState } from './types.ts';

export type UploadState = { phase: 'idle' } | SendProgress;

/** State of the document page (and of the options' document list); components only render it. */
export const languages = signal<Language[] | null>(null);
export const languagesError = signal<ErrorInfo | undefined>(undefined);
export const file = signal<File | null>(null);
export const fileProblem = signal<string | undefined>(undefined);
/** What translating the chosen file will cost, told before it is sent; undefined while it is read. */
export const charge = signal<ChargeEstimate | undefined>(undefined);
export const targetLang = signal('');
/** Empty: the service detects the source. */
export const sourceLang = signal('');
export const formality = signal<Formality>('default');
export const glossaryId = signal('');
export const glossaries = signal<GlossaryChoice[]>([]);
/** Empty: the input's own format. */
export const outputFormat = signal('');
export const upload = signal<UploadState>({ phase: 'idle' });
export const uploadError = signal<ErrorInfo | undefined>(undefined);
export const notice = signal<string | undefined>(undefined);
export const jobs = signal<DocumentJobView[]>([]);
export const jobsError = signal<ErrorInfo | undefined>(undefined);
/** Per job: the outcome of the last download or removal the person asked for. */
export const jobMessages = signal<Record<string, { kind: 'ok' | 'error'; text: string }>>({});
export const busyJob = signal<string | undefined>(undefined);

export const targets = computed(() => targetChoices(languages.value ?? []));
export const sources = computed(() => sourceChoices(languages.value ?? []));
export const showFormality = computed(() => formalityAllowed(languages.value ?? [], targetLang.value));
export const showGlossary = computed(() => glossaryAllowed(languages.value ?? [], sourceLang.value, targetLang.value));
/** The target could use a glossary, but only with a chosen source. */
export const glossaryNeedsSource = computed(
  () => sourceLang.value === '' && supportsFeature(languages.value ?? [], targetLang.value, 'glossary'),
);
export const outputFormats = computed(() => (file.value ? outputFormatsFor(extensionOf(file.value.name)) : []));
export const uploading = computed(() => upload.value.phase !== 'idle');
export const hasActiveJobs = computed(() => jobs.value.some((j) => isActiveState(j.state)));

export function describeFileProblem(problem: FileProblem): string {
  switch (problem.kind) {
    case 'unsupported':
      return problem.ext
        ? t('docsUnsupported', 'Files of type .$1 cannot be translated.', problem.ext)
        : t('docsNoExtension', 'The file has no extension, so its type is unknown.');
    case 'empty':
      return t('docsEmpty', 'The file is empty.');
    case 'too_large':
      return t('docsTooLarge', 'The file is too large: $1 MB, at most $2 MB can be translated.', [
        (problem.size / 1024 / 1024).toFixed(1),
        String(problem.max / 1024 / 1024),
      ]);
  }
}

/** Loads languages, the preferred target and the job list. */
export async function openDocuments(): Promise<void> {
  const [langs, prefs] = await Promise.all([
    send('languages.get', { resource: 'translate_document' }),
    getPreferences(),
    refreshJobs(),
  ]);
  if (!langs.ok) {
    languagesError.value = langs.error;
    return;
  }
  languagesError.value = undefined;
  languages.value = langs.value;
  const wanted = targets.value.find((l) => l.lang.toLowerCase() === prefs.targetLang.toLowerCase());
  if (!targetLang.value) targetLang.value = wanted?.lang ?? targets.value[0]?.lang ?? '';
}

export async function refreshJobs(): Promise<void> {
  const result = await send('documents.list', {});
  if (result.ok) {
    jobs.value = result.value;
    jobsError.value = undefined;
  } else {
    jobsError.value = result.error;
  }
}

/** Refreshes the list every second while the service works on a job or a file is on its way, else every 10 s. */
export function watchJobs(): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const loop = async () => {
    clearTimeout(timer);
    await refreshJobs().catch(() => undefined);
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(loop, hasActiveJobs.value || uploading.value ? 1000 : 10_000);
  };
  void loop();
  // A new job (or an upload) should not wait out the slow pace to be followed.
  const unsubscribe = effect(() => {
    if ((hasActiveJobs.value || uploading.value) && !stopped) {
      clearTimeout(timer);
      timer = setTimeout(loop, 1000);
    }
  });
  return () => {
    stopped = true;
    unsubscribe();
    clearTimeout(timer);
  };
}

export function chooseFile(chosen: File | null): void {
  batch(() => {
    file.value = chosen;
    outputFormat.value = '';
    uploadError.value = undefined;
    notice.value = undefined;
    const problem = chosen ? checkDocumentFile(chosen) : undefined;
    fileProblem.value = problem ? describeFileProblem(problem) : undefined;
    charge.value = undefined;
  });
  if (chosen && !fileProblem.value) void estimateFor(chosen);
}

async function estimateFor(chosen: File): Promise<void> {
  const estimate = await chosen.arrayBuffer().then(
    (buffer) => estimateCharge(extensionOf(chosen.name), new Uint8Array(buffer)),
    (): ChargeEstimate => ({ kind: 'unknown' }),
  );
  // Another file may have been chosen meanwhile.
  if (file.value === chosen) charge.value = estimate;
}

/** Glossaries are per pair: asked for again whenever source or target changes. */
async function loadGlossaries(): Promise<void> {
  glossaryId.value = '';
  glossaries.value = [];
  if (!showGlossary.value) return;
  const [source, target] = [sourceLang.value, targetLang.value];
  const result = await send('documents.glossaries', { sourceLang: source, targetLang: target });
  // The person may have changed the pair while this was on its way.
  if (result.ok && source === sourceLang.value && target === targetLang.value) glossaries.value = result.value;
}

export function chooseTarget(code: string): Promise<void> {
  targetLang.value = code;
  if (!showFormality.value) formality.value = 'default';
  return loadGlossaries();
}

export function chooseSource(code: string): Promise<void> {
  sourceLang.value = code;
  return loadGlossaries();
}

function uploadMeta(chosen: File): UploadMeta {
  return {
    fileName: chosen.name,
    size: chosen.size,
    targetLang: targetLang.value,
    ...(sourceLang.value ? { sourceLang: sourceLang.value } : {}),
    ...(showFormality.value && formality.value !== 'default' ? { formality: formality.value } : {}),
    ...(showGlossary.value && glossaryId.value ? { glossaryId: glossaryId.value } : {}),
    ...(outputFormat.value ? { outputFormat: outputFormat.value } : {}),
  };
}

/** Reads the chosen file and has the background upload it; the job then appears in the list. */
export async function translateFile(): Promise<boolean> {
  const chosen = file.value;
  if (!chosen || fileProblem.value || !targetLang.value || uploading.value) return false;
  uploadError.value = undefined;
  notice.value = undefined;
  upload.value = { phase: 'sending', sent: 0, total: chosen.size };
  try {
    const bytes = new Uint8Array(await chosen.arrayBuffer());
    const result = await sendDocument(bytes, uploadMeta(chosen), (p) => {
      upload.value = p;
    });
    if (!result.ok) {
      uploadError.value = result.error;
      return false;
    }
    jobs.value = [result.value, ...jobs.value.filter((j) => j.documentId !== result.value.documentId)];
    notice.value = t(
      'docsUploaded',
      '$1 was uploaded. Verso follows its translation, also when this page is closed, and notifies you when it is done.',
      chosen.name,
    );
    return true;
  } catch (e) {
    uploadError.value = { name: 'Error', code: 'internal', message: e instanceof Error ? e.message : String(e) };
    return false;
  } finally {
    upload.value = { phase: 'idle' };
  }
}

function setJobMessage(documentId: string, message: { kind: 'ok' | 'error'; text: string } | undefined) {
  const next = { ...jobMessages.value };
  if (message) next[documentId] = message;
  else delete next[documentId];
  jobMessages.value = next;
}

/**
 * Reads the result through the background and saves it. "Saved" is said only once the browser reports
 * the file on disk; until then (and after a refused or interrupted save) the background keeps the bytes,
 * so Download can be used again.
 */
export async function downloadJob(documentId: string): Promise<void> {
  busyJob.value = documentId;
  setJobMessage(documentId, undefined);
  try {
    const result = await receiveResult(documentId);
    if (!result.ok) {
      setJobMessage(documentId, { kind: 'error', text: describeError(result.error) });
      return;
    }
    const { blob, fileName } = result.value;
    let saving: Saving;
    try {
      saving = await startSaving(blob, [fileName, fallbackFileName(fileName)]);
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      setJobMessage(documentId, {
        kind: 'error',
        text: t(
          'docsSaveRefused',
          'The browser refused to save the file ($1). Verso keeps the translation: use Download to try again.',
          reason,
        ),
      });
      return;
    }
    // Told twice: at the start (a page closed meanwhile leaves the background to settle it) and at
    // the end, so the list read next already shows what became of the job.
    await send('documents.saving', { documentId, downloadId: saving.downloadId });
    const end = await saving.ended;
    await send('documents.saving', { documentId, downloadId: saving.downloadId });
    setJobMessage(
      documentId,
      end.saved
        ? { kind: 'ok', text: t('docsSaved', 'Saved as $1.', saving.fileName) }
        : {
            kind: 'error',
            text: t(
              'docsSaveInterrupted',
              'The file was not saved ($1). Verso keeps the translation: use Download to save it again.',
              end.reason || '?',
            ),
          },
    );
  } catch (e) {
    setJobMessage(documentId, { kind: 'error', text: e instanceof Error ? e.message : String(e) });
  } finally {
    busyJob.value = undefined;
    await refreshJobs();
  }
}

export async function removeJob(documentId: string): Promise<void> {
  const result = await send('documents.remove', { documentId });
  if (!result.ok) {
    setJobMessage(documentId, { kind: 'error', text: describeError(result.error) });
    return;
  }
  setJobMessage(documentId, undefined);
  jobs.value = jobs.value.filter((j) => j.documentId !== documentId);
}

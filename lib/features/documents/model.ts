import { batch, computed, effect, signal } from '@preact/signals';
import type { Language } from '../../api/index.ts';
import { hasFeature, sameCode } from '../../languages/index.ts';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { PreferencesStore } from '../../settings/items.ts';
import type { Formality } from '../../settings/schema.ts';
import type { Clock } from '../../ui/clock.ts';
import { describeError } from '../../ui/describe-error.ts';
import { t } from '../../ui/i18n.ts';
import { type ChargeEstimate, estimateCharge } from './charge.ts';
import { formalityAllowed, glossaryAllowed, sourceChoices, targetChoices } from './choices.ts';
import { describeFileProblem } from './file-problems.ts';
import { checkDocumentFile, extensionOf, outputFormatsFor } from './file-types.ts';
import type { UploadMeta } from './messages.ts';
import { fallbackFileName } from './naming.ts';
import type { Saving } from './save.ts';
import { receiveResult, type SendProgress, sendDocument } from './transfer.ts';
import { type DocumentJobView, type GlossaryChoice, isActiveState } from './types.ts';

export type UploadState = { phase: 'idle' } | SendProgress;

export interface DocumentsDeps {
  send: Send;
  preferences: Pick<PreferencesStore, 'get'>;
  clock: Clock;
  /** Saves a Blob under the first name the browser accepts and follows the download (save.ts). */
  save(blob: Blob, names: string[]): Promise<Saving>;
  /** Opens the document page (from the options page). */
  openPage(): void;
}

/** Fast while the service works on a job or a file is on its way, slow otherwise. */
const WATCH_FAST_MS = 1000;
const WATCH_SLOW_MS = 10_000;

/** State of the document page (and of the options' document list); components only render it. */
export class DocumentsModel {
  readonly languages = signal<Language[] | null>(null);
  readonly languagesError = signal<ErrorInfo | undefined>(undefined);
  readonly file = signal<File | null>(null);
  readonly fileProblem = signal<string | undefined>(undefined);
  /** The server address is on this computer, where Verso's local service runs (file-types.ts). */
  readonly loopbackServer = signal(false);
  /** What translating the chosen file will cost, told before it is sent; undefined while it is read. */
  readonly charge = signal<ChargeEstimate | undefined>(undefined);
  readonly targetLang = signal('');
  /** Empty: the service detects the source. */
  readonly sourceLang = signal('');
  readonly formality = signal<Formality>('default');
  readonly glossaryId = signal('');
  readonly glossaries = signal<GlossaryChoice[]>([]);
  /** Empty: the input's own format. */
  readonly outputFormat = signal('');
  readonly upload = signal<UploadState>({ phase: 'idle' });
  readonly uploadError = signal<ErrorInfo | undefined>(undefined);
  readonly notice = signal<string | undefined>(undefined);
  readonly jobs = signal<DocumentJobView[]>([]);
  readonly jobsError = signal<ErrorInfo | undefined>(undefined);
  /** Per job: the outcome of the last download or removal the person asked for. */
  readonly jobMessages = signal<Record<string, { kind: 'ok' | 'error'; text: string }>>({});
  readonly busyJob = signal<string | undefined>(undefined);
  /** The job of the last file uploaded from this model (the panel follows it). */
  readonly uploadedJob = signal<string | undefined>(undefined);

  readonly targets = computed(() => targetChoices(this.languages.value ?? []));
  readonly sources = computed(() => sourceChoices(this.languages.value ?? []));
  readonly showFormality = computed(() => formalityAllowed(this.languages.value ?? [], this.targetLang.value));
  readonly showGlossary = computed(() =>
    glossaryAllowed(this.languages.value ?? [], this.sourceLang.value, this.targetLang.value),
  );
  /** The target could use a glossary, but only with a chosen source. */
  readonly glossaryNeedsSource = computed(
    () => this.sourceLang.value === '' && hasFeature(this.targetLang.value, this.languages.value ?? [], 'glossary'),
  );
  readonly outputFormats = computed(() => (this.file.value ? outputFormatsFor(extensionOf(this.file.value.name)) : []));
  readonly uploading = computed(() => this.upload.value.phase !== 'idle');
  readonly hasActiveJobs = computed(() => this.jobs.value.some((j) => isActiveState(j.state)));

  private stopWatching: (() => void) | undefined;
  /** The person chose a formality on this page: it stays when the pair changes. */
  private formalityChosen = false;
  /** The person chose a glossary for the current pair: the pair's default, arriving late, does not replace it. */
  private glossaryChosen = false;
  private pairRequest = 0;

  constructor(private readonly deps: DocumentsDeps) {}

  /** Loads languages, the person's defaults (languages, formality, the pair's glossary) and the job list. */
  async open(): Promise<void> {
    const [langs, prefs, server] = await Promise.all([
      this.deps.send('languages.get', { resource: 'translate_document' }),
      this.deps.preferences.get(),
      this.deps.send('documents.server', {}),
      this.refreshJobs(),
    ]);
    this.loopbackServer.value = server.ok && server.value.loopback;
    if (!langs.ok) {
      this.languagesError.value = langs.error;
      return;
    }
    this.languagesError.value = undefined;
    this.languages.value = langs.value;
    const targets = this.targets.value;
    const wanted = targets.find((l) => sameCode(l.lang, prefs.targetLang));
    if (this.targetLang.value) return;
    const source = this.sources.value.find((l) => sameCode(l.lang, prefs.sourceLang));
    batch(() => {
      this.targetLang.value = wanted?.lang ?? targets[0]?.lang ?? '';
      if (source) this.sourceLang.value = source.lang;
    });
    await this.loadPair();
  }

  openPage(): void {
    this.deps.openPage();
  }

  async refreshJobs(): Promise<void> {
    const result = await this.deps.send('documents.list', {});
    if (result.ok) {
      this.jobs.value = result.value;
      this.jobsError.value = undefined;
    } else {
      this.jobsError.value = result.error;
    }
  }

  /**
   * Refreshes the list every second while the service works on a job or a file is on its way, else
   * every 10 s, until the function returned is called (or the model is disposed of).
   */
  watch(): () => void {
    this.stopWatching?.();
    let stopped = false;
    let cancel: (() => void) | undefined;
    const schedule = (ms: number) => {
      cancel?.();
      cancel = this.deps.clock.after(ms, () => void loop());
    };
    const loop = async () => {
      cancel?.();
      await this.refreshJobs().catch(() => undefined);
      if (stopped) return;
      schedule(this.hasActiveJobs.value || this.uploading.value ? WATCH_FAST_MS : WATCH_SLOW_MS);
    };
    void loop();
    // A new job (or an upload) should not wait out the slow pace to be followed.
    const unsubscribe = effect(() => {
      if ((this.hasActiveJobs.value || this.uploading.value) && !stopped) schedule(WATCH_FAST_MS);
    });
    const stop = () => {
      stopped = true;
      unsubscribe();
      cancel?.();
      if (this.stopWatching === stop) this.stopWatching = undefined;
    };
    this.stopWatching = stop;
    return stop;
  }

  chooseFile(chosen: File | null): void {
    batch(() => {
      this.file.value = chosen;
      this.outputFormat.value = '';
      this.uploadError.value = undefined;
      this.notice.value = undefined;
      const problem = chosen ? checkDocumentFile(chosen) : undefined;
      this.fileProblem.value = problem ? describeFileProblem(problem) : undefined;
      this.charge.value = undefined;
    });
    if (chosen && !this.fileProblem.value) void this.estimateFor(chosen);
  }

  private async estimateFor(chosen: File): Promise<void> {
    const estimate = await chosen.arrayBuffer().then(
      (buffer) => estimateCharge(extensionOf(chosen.name), new Uint8Array(buffer)),
      (): ChargeEstimate => ({ kind: 'unknown' }),
    );
    // Another file may have been chosen meanwhile.
    if (this.file.value === chosen) this.charge.value = estimate;
  }

  /**
   * A new pair: its glossaries, and the person's defaults for it as every other translation resolves them
   * (formality, the pair's default glossary). A formality chosen on this page stays; a glossary is per pair.
   */
  private async loadPair(): Promise<void> {
    const id = ++this.pairRequest;
    this.glossaryChosen = false;
    this.glossaryId.value = '';
    this.glossaries.value = [];
    const [source, target] = [this.sourceLang.value, this.targetLang.value];
    if (!target) return;
    const [defaults, glossaries] = await Promise.all([
      this.deps.send('documents.defaults', { targetLang: target, ...(source ? { sourceLang: source } : {}) }),
      this.showGlossary.value
        ? this.deps.send('documents.glossaries', { sourceLang: source, targetLang: target })
        : undefined,
    ]);
    // The person may have changed the pair while this was on its way.
    if (id !== this.pairRequest) return;
    batch(() => {
      if (glossaries?.ok) this.glossaries.value = glossaries.value;
      if (!defaults.ok) return;
      const { glossaryId, formality } = defaults.value;
      if (!this.glossaryChosen && glossaryId && this.glossaries.value.some((g) => g.glossaryId === glossaryId))
        this.glossaryId.value = glossaryId;
      if (!this.formalityChosen) this.formality.value = this.showFormality.value ? formChoice(formality) : 'default';
    });
  }

  chooseTarget(code: string): Promise<void> {
    this.targetLang.value = code;
    if (!this.showFormality.value) this.formality.value = 'default';
    return this.loadPair();
  }

  chooseSource(code: string): Promise<void> {
    this.sourceLang.value = code;
    return this.loadPair();
  }

  setFormality(value: Formality): void {
    this.formalityChosen = true;
    this.formality.value = value;
  }

  chooseGlossary(id: string): void {
    this.glossaryChosen = true;
    this.glossaryId.value = id;
  }

  chooseOutputFormat(format: string): void {
    this.outputFormat.value = format;
  }

  private uploadMeta(chosen: File): UploadMeta {
    return {
      fileName: chosen.name,
      size: chosen.size,
      targetLang: this.targetLang.value,
      ...(this.sourceLang.value ? { sourceLang: this.sourceLang.value } : {}),
      ...(this.showFormality.value && this.formality.value !== 'default' ? { formality: this.formality.value } : {}),
      ...(this.showGlossary.value && this.glossaryId.value ? { glossaryId: this.glossaryId.value } : {}),
      ...(this.outputFormat.value ? { outputFormat: this.outputFormat.value } : {}),
    };
  }

  /** Reads the chosen file and has the background upload it; the job then appears in the list. */
  async translateFile(): Promise<boolean> {
    const chosen = this.file.value;
    if (!chosen || this.fileProblem.value || !this.targetLang.value || this.uploading.value) return false;
    this.uploadError.value = undefined;
    this.notice.value = undefined;
    this.upload.value = { phase: 'sending', sent: 0, total: chosen.size };
    try {
      const bytes = new Uint8Array(await chosen.arrayBuffer());
      const result = await sendDocument(this.deps.send, bytes, this.uploadMeta(chosen), (p) => {
        this.upload.value = p;
      });
      if (!result.ok) {
        this.uploadError.value = result.error;
        return false;
      }
      this.jobs.value = [result.value, ...this.jobs.value.filter((j) => j.documentId !== result.value.documentId)];
      this.uploadedJob.value = result.value.documentId;
      this.notice.value = t(
        'docsUploaded',
        '$1 was uploaded. Verso follows its translation, also when this page is closed, and notifies you when it is done.',
        chosen.name,
      );
      return true;
    } catch (e) {
      this.uploadError.value = {
        name: 'Error',
        code: 'internal',
        message: e instanceof Error ? e.message : String(e),
      };
      return false;
    } finally {
      this.upload.value = { phase: 'idle' };
    }
  }

  private setJobMessage(documentId: string, message: { kind: 'ok' | 'error'; text: string } | undefined): void {
    const next = { ...this.jobMessages.value };
    if (message) next[documentId] = message;
    else delete next[documentId];
    this.jobMessages.value = next;
  }

  /**
   * Reads the result through the background and saves it. "Saved" is said only once the browser reports
   * the file on disk; until then (and after a refused or interrupted save) the background keeps the
   * bytes, so Download can be used again.
   */
  async downloadJob(documentId: string): Promise<void> {
    this.busyJob.value = documentId;
    this.setJobMessage(documentId, undefined);
    try {
      const result = await receiveResult(this.deps.send, documentId);
      if (!result.ok) {
        this.setJobMessage(documentId, { kind: 'error', text: describeError(result.error) });
        return;
      }
      const { blob, fileName } = result.value;
      let saving: Saving;
      try {
        saving = await this.deps.save(blob, [fileName, fallbackFileName(fileName)]);
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        this.setJobMessage(documentId, {
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
      await this.deps.send('documents.saving', { documentId, downloadId: saving.downloadId });
      const end = await saving.ended;
      await this.deps.send('documents.saving', { documentId, downloadId: saving.downloadId });
      this.setJobMessage(
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
      this.setJobMessage(documentId, { kind: 'error', text: e instanceof Error ? e.message : String(e) });
    } finally {
      this.busyJob.value = undefined;
      await this.refreshJobs();
    }
  }

  /**
   * The translated file as a Blob, for a page that shows it (the PDF reader) rather than saving it. The
   * background keeps the bytes until the browser has saved them, so Download still works after this.
   */
  async readResult(documentId: string): Promise<{ blob: Blob; fileName: string } | undefined> {
    const result = await receiveResult(this.deps.send, documentId);
    if (result.ok) return result.value;
    this.setJobMessage(documentId, { kind: 'error', text: describeError(result.error) });
    return undefined;
  }

  async removeJob(documentId: string): Promise<void> {
    const result = await this.deps.send('documents.remove', { documentId });
    if (!result.ok) {
      this.setJobMessage(documentId, { kind: 'error', text: describeError(result.error) });
      return;
    }
    this.setJobMessage(documentId, undefined);
    this.jobs.value = this.jobs.value.filter((j) => j.documentId !== documentId);
  }

  /** Stops following the jobs. */
  dispose(): void {
    this.stopWatching?.();
  }
}

/**
 * The form offers default, more and less for a target that has formality: a preference for "more where
 * possible" is "more" there.
 */
function formChoice(formality: Formality): Formality {
  if (formality === 'prefer_more') return 'more';
  if (formality === 'prefer_less') return 'less';
  return formality;
}

import { signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import { describeError } from '../../ui/describe-error.ts';
import { t } from '../../ui/i18n.ts';
import { termSavedWording } from '../glossaries/save-term.ts';
import { buildDiff, type WordDiff } from '../writing/diff-model.ts';
import type { PanelSelection, PanelSelectionTranslation } from './messages.ts';

export interface SidePanelDeps {
  send: Send;
  /** The tab the panel is beside: the active tab of its window. */
  activeTab(): Promise<number | undefined>;
  clipboard: { writeText(text: string): Promise<void> };
}

/**
 * The side panel's own parts: the page's selection (read, shown, then translated only when the person
 * asks) and writing help for a pasted text with its changes shown word by word. Quick translate, the
 * page's status and the history are their features' own models, placed beside this one.
 */
export class SidePanelModel {
  readonly selection = signal<PanelSelection | null>(null);
  /** 'none': the page has no selection (or Verso cannot read this tab). */
  readonly selectionState = signal<'idle' | 'reading' | 'none' | 'ready'>('idle');
  readonly selectionResult = signal<PanelSelectionTranslation | null>(null);
  readonly selectionBusy = signal(false);
  readonly selectionError = signal<ErrorInfo | null>(null);

  readonly writeText = signal('');
  readonly writeMode = signal<'correct' | 'rephrase'>('correct');
  readonly writeDiff = signal<WordDiff | null>(null);
  readonly improved = signal('');
  readonly writeBusy = signal(false);
  readonly writeError = signal<ErrorInfo | null>(null);
  readonly notice = signal('');
  /** What saving the selection's translation as a glossary term said. */
  readonly termNotice = signal('');

  private tabId: number | undefined;
  private disposed = false;

  constructor(private readonly deps: SidePanelDeps) {}

  /** Reads the tab's selection and its context; nothing leaves the browser yet. */
  async readSelection(): Promise<void> {
    this.selectionState.value = 'reading';
    this.selectionResult.value = null;
    this.selectionError.value = null;
    this.termNotice.value = '';
    this.tabId = await this.deps.activeTab();
    if (this.disposed) return;
    const res = this.tabId === undefined ? null : await this.deps.send('sidepanel.selection', { tabId: this.tabId });
    if (this.disposed) return;
    if (res && !res.ok) this.selectionError.value = res.error;
    const selection = res?.ok ? res.value : null;
    this.selection.value = selection;
    this.selectionState.value = selection ? 'ready' : 'none';
  }

  /** Translates the selection shown, into `targetLang` (the panel's target), with its context. */
  async translateSelection(targetLang: string): Promise<void> {
    const selection = this.selection.value;
    if (!selection || selection.tooLong || this.tabId === undefined || this.selectionBusy.value) return;
    this.selectionBusy.value = true;
    this.selectionError.value = null;
    try {
      const res = await this.deps.send('sidepanel.translateSelection', {
        tabId: this.tabId,
        paragraphs: selection.paragraphs,
        ...(selection.context ? { context: selection.context } : {}),
        ...(selection.pageLang ? { pageLang: selection.pageLang } : {}),
        ...(targetLang ? { targetLang } : {}),
      });
      if (this.disposed) return;
      if (res.ok) this.selectionResult.value = res.value;
      else this.selectionError.value = res.error;
    } finally {
      this.selectionBusy.value = false;
    }
  }

  /** Saves the selection and its translation as a glossary term of their pair (glossaries.saveTerm). */
  async saveSelectionTerm(): Promise<void> {
    const selection = this.selection.value;
    const result = this.selectionResult.value;
    if (!selection || !result) return;
    const res = await this.deps.send('glossaries.saveTerm', {
      source: selection.text,
      target: result.text,
      sourceLang: result.sourceLang,
      targetLang: result.targetLang,
    });
    if (this.disposed) return;
    if (!res.ok) {
      this.termNotice.value = describeError(res.error);
      return;
    }
    this.termNotice.value = termSavedWording(res.value);
  }

  setWriteText(text: string): void {
    this.writeText.value = text;
  }

  setWriteMode(mode: 'correct' | 'rephrase'): void {
    this.writeMode.value = mode;
  }

  /** Sends the pasted text for correction or rephrasing; the answer is shown as word-level changes. */
  async improve(): Promise<void> {
    const text = this.writeText.value;
    if (!text.trim() || this.writeBusy.value) return;
    this.writeBusy.value = true;
    this.writeError.value = null;
    this.writeDiff.value = null;
    try {
      const res = await this.deps.send('writing.improve', { mode: this.writeMode.value, text });
      if (this.disposed) return;
      if (!res.ok) {
        this.writeError.value = res.error;
        return;
      }
      this.improved.value = res.value.text;
      this.writeDiff.value = buildDiff(text, res.value.text);
    } finally {
      this.writeBusy.value = false;
    }
  }

  async copy(text: string): Promise<void> {
    try {
      await this.deps.clipboard.writeText(text);
      this.notice.value = t('selCopied', 'Copied.');
    } catch {
      this.notice.value = t('selCopyFailed', 'Could not copy. Select the text and copy it.');
    }
  }

  dispose(): void {
    this.disposed = true;
  }
}

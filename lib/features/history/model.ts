import { signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { Clock } from '../../ui/clock.ts';
import { describeError } from '../../ui/describe-error.ts';
import { t } from '../../ui/i18n.ts';
import { termSavedWording } from '../glossaries/save-term.ts';
import { historyCsv, historyJson } from './export.ts';
import type { HistoryEntry, TermSuggestion } from './store.ts';

/** What "Save to glossary" takes: an entry of the history or a suggestion. */
export type TermSource = Pick<HistoryEntry, 'text' | 'translation' | 'sourceLang' | 'targetLang'>;

/** The key a save's answer is kept under: an entry's id, or a suggestion's text and target. */
export const termKey = (term: TermSource & { id?: number }) =>
  term.id !== undefined ? `#${term.id}` : `${term.text}>${term.targetLang}`;

export interface HistoryDeps {
  send: Send;
  clock: Clock;
  /** Offers a file to download (components/ui/download.ts). */
  download(fileName: string, text: string, type: string): void;
  /** Asks the person before the history is cleared; false: nothing is done. */
  confirm(message: string): boolean | Promise<boolean>;
}

/** The history list: search, switch, clear, remove, download. */
export class HistoryModel {
  readonly entries = signal<HistoryEntry[]>([]);
  readonly total = signal(0);
  readonly query = signal('');
  readonly enabled = signal(true);
  readonly loaded = signal(false);
  readonly error = signal<ErrorInfo | null>(null);
  readonly notice = signal('');
  /** What saving a term to a glossary said, by `termKey`. */
  readonly saved = signal<Record<string, string>>({});
  /** Words and short phrases translated again and again (two times or more). */
  readonly suggestions = signal<TermSuggestion[]>([]);

  private asked = 0;
  private disposed = false;

  constructor(private readonly deps: HistoryDeps) {}

  /** Reads the list again (with the current search); a later answer wins over an earlier one. */
  async load(): Promise<void> {
    const asked = ++this.asked;
    const [res, suggested] = await Promise.all([
      this.deps.send('history.list', { query: this.query.value }),
      this.deps.send('history.suggestions', {}),
    ]);
    if (this.disposed || asked !== this.asked) return;
    if (suggested.ok) this.suggestions.value = suggested.value;
    if (!res.ok) {
      this.error.value = res.error;
      return;
    }
    this.error.value = null;
    this.entries.value = res.value.entries;
    this.total.value = res.value.total;
    this.enabled.value = res.value.enabled;
    this.loaded.value = true;
  }

  search(query: string): Promise<void> {
    this.query.value = query;
    return this.load();
  }

  async setEnabled(enabled: boolean): Promise<void> {
    const res = await this.deps.send('history.setEnabled', { enabled });
    if (this.disposed) return;
    if (res.ok) this.enabled.value = enabled;
    else this.error.value = res.error;
  }

  /** Saves a term as a glossary entry of its pair (the glossaries feature decides which glossary). */
  async saveTerm(entry: TermSource & { id?: number }): Promise<void> {
    const res = await this.deps.send('glossaries.saveTerm', {
      source: entry.text,
      target: entry.translation,
      sourceLang: entry.sourceLang,
      targetLang: entry.targetLang,
    });
    if (this.disposed) return;
    const said = res.ok ? termSavedWording(res.value) : describeError(res.error);
    this.saved.value = { ...this.saved.value, [termKey(entry)]: said };
  }

  async remove(id: number): Promise<void> {
    const res = await this.deps.send('history.remove', { id });
    if (!res.ok) this.error.value = res.error;
    await this.load();
  }

  async clear(): Promise<void> {
    if (!(await this.deps.confirm(t('historyClearAsk', 'Clear the whole history? This cannot be undone.')))) return;
    const res = await this.deps.send('history.clear', {});
    if (this.disposed) return;
    if (!res.ok) {
      this.error.value = res.error;
      return;
    }
    this.notice.value = t('historyCleared', 'History cleared.');
    await this.load();
  }

  async download(format: 'json' | 'csv'): Promise<void> {
    const res = await this.deps.send('history.export', {});
    if (this.disposed) return;
    if (!res.ok) {
      this.error.value = res.error;
      return;
    }
    const day = new Date(this.deps.clock.now()).toISOString().slice(0, 10);
    if (format === 'json') this.deps.download(`verso-history-${day}.json`, historyJson(res.value), 'application/json');
    else this.deps.download(`verso-history-${day}.csv`, historyCsv(res.value), 'text/csv');
  }

  dispose(): void {
    this.disposed = true;
  }
}

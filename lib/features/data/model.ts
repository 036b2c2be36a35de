import { computed, signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import { formatFileSize, formatNumber, t } from '../../ui/i18n.ts';
import { countText } from '../../ui/plural.ts';
import type { DataKind, DataSummary } from './messages.ts';

export interface DataDeps {
  send: Send;
  /** Asks the person before anything is cleared (the options page's dialog); false: nothing is done. */
  confirm(title: string, message: string, confirmLabel: string): Promise<boolean>;
}

/** One line of "Your data": what it is, what is kept now, what clearing it means. */
export interface DataRow {
  kind: DataKind;
  title: string;
  /** What is kept now, counted ("42 translations, about 120 kB"). */
  kept: string;
  note: string;
  /** Nothing of it is kept: there is nothing to clear. */
  empty: boolean;
}

const count = (n: number) => [formatNumber(n)];

/** What is kept of each kind, in words. */
function keptText(kind: DataKind, s: DataSummary): string {
  const nothing = t('dataNothingKept', 'Nothing kept');
  switch (kind) {
    case 'cache':
      return s.cache.entries === 0
        ? nothing
        : countText('dataCacheKept', 'one=$1 translation, about $2|other=$1 translations, about $2', s.cache.entries, [
            formatNumber(s.cache.entries),
            formatFileSize(s.cache.bytes),
          ]);
    case 'queue':
      return s.queue.rows === 0
        ? nothing
        : countText('dataQueueKept', 'one=$1 text|other=$1 texts', s.queue.rows, count(s.queue.rows));
    case 'dictionary':
      return s.dictionary.words === 0
        ? nothing
        : countText('dataWordsKept', 'one=$1 word|other=$1 words', s.dictionary.words, count(s.dictionary.words));
    case 'history':
      return s.history.entries === 0
        ? nothing
        : countText(
            'dataHistoryKept',
            'one=$1 translation|other=$1 translations',
            s.history.entries,
            count(s.history.entries),
          );
    case 'lists': {
      const { glossaries, languageLists } = s.lists;
      if (glossaries + languageLists === 0) return nothing;
      return [
        countText('dataGlossariesKept', 'one=$1 glossary|other=$1 glossaries', glossaries, count(glossaries)),
        countText(
          'dataLanguageListsKept',
          'one=$1 language list|other=$1 language lists',
          languageLists,
          count(languageLists),
        ),
      ].join(', ');
    }
    case 'sites': {
      const { readingChoices, minimised, corner, pdfSites, pdfAlways, videoSites } = s.sites;
      const parts = [
        ...(readingChoices > 0
          ? [
              countText(
                'dataSitesReading',
                'one=$1 site with its own reading choice|other=$1 sites with their own reading choice',
                readingChoices,
                count(readingChoices),
              ),
            ]
          : []),
        ...(minimised > 0
          ? [
              countText(
                'dataSitesMinimised',
                'one=the card minimised on $1 site|other=the card minimised on $1 sites',
                minimised,
                count(minimised),
              ),
            ]
          : []),
        ...(corner ? [t('dataSitesCorner', 'the corner you moved the card to')] : []),
        ...(pdfAlways
          ? [t('dataSitesPdfAlways', "every PDF opened in Verso's reader")]
          : pdfSites > 0
            ? [
                countText(
                  'dataSitesPdf',
                  "one=$1 site whose PDFs open in Verso's reader|other=$1 sites whose PDFs open in Verso's reader",
                  pdfSites,
                  count(pdfSites),
                ),
              ]
            : []),
        ...(videoSites > 0
          ? [
              countText(
                'dataSitesVideo',
                'one=$1 site with translated subtitles|other=$1 sites with translated subtitles',
                videoSites,
                count(videoSites),
              ),
            ]
          : []),
      ];
      return parts.length === 0 ? nothing : parts.join(', ');
    }
    case 'everything':
      return t('dataEverythingKept', 'All of the above, and your settings');
  }
}

function isEmpty(kind: DataKind, s: DataSummary): boolean {
  switch (kind) {
    case 'cache':
      return s.cache.entries === 0;
    case 'queue':
      return s.queue.rows === 0;
    case 'dictionary':
      return s.dictionary.words === 0;
    case 'history':
      return s.history.entries === 0;
    case 'lists':
      return s.lists.glossaries + s.lists.languageLists === 0;
    case 'sites':
      return (
        s.sites.readingChoices + s.sites.minimised + s.sites.pdfSites + s.sites.videoSites === 0 &&
        !s.sites.corner &&
        !s.sites.pdfAlways
      );
    case 'everything':
      // Settings are always there to put back.
      return false;
  }
}

const TITLES: Record<DataKind, () => string> = {
  cache: () => t('dataCacheTitle', 'Translations kept'),
  queue: () => t('dataQueueTitle', 'Page text waiting to be translated'),
  dictionary: () => t('dataDictionaryTitle', 'Personal dictionary of writing help'),
  history: () => t('dataHistoryTitle', 'History of your translations'),
  lists: () => t('dataListsTitle', 'Glossaries and language lists'),
  sites: () => t('dataSitesTitle', 'What Verso remembers per site'),
  everything: () => t('dataEverythingTitle', 'Everything'),
};

const NOTES: Record<DataKind, () => string> = {
  cache: () =>
    t(
      'dataCacheNote',
      'Translated page text, so a page translated again is not sent or billed again. Once cleared, it is sent again.',
    ),
  queue: () =>
    t(
      'dataQueueNote',
      'Kept so that nothing is lost or billed twice when the browser stops Verso in the middle of a page. Pages being translated now go on.',
    ),
  dictionary: () => t('dataDictionaryNote', 'Words you told writing help to ignore everywhere.'),
  history: () =>
    t(
      'dataHistoryNote',
      'What you translated by selection, quick translate and the side panel (never page translations or private windows): the last 1,000, until you clear them.',
    ),
  lists: () =>
    t(
      'dataListsNote',
      'Copies of what the service holds, for quick pickers. They are fetched again when needed; the glossaries themselves stay on the service.',
    ),
  sites: () =>
    t(
      'dataSitesNote',
      "Whether a site is translated as you read or whole, where the page translation card sits, where PDFs open in Verso's reader and where subtitles are translated.",
    ),
  everything: () =>
    t(
      'dataEverythingNote',
      'Settings go back to their defaults. Documents being translated and the spending limits are kept.',
    ),
};

export const KINDS: readonly DataKind[] = ['cache', 'queue', 'dictionary', 'history', 'lists', 'sites', 'everything'];

/** The options section "Your data": what Verso keeps in the browser, and clearing each kind of it. */
export class DataModel {
  readonly summary = signal<DataSummary | undefined>(undefined);
  readonly loading = signal(false);
  readonly error = signal<ErrorInfo | undefined>(undefined);
  /** The kind being cleared now (its button waits). */
  readonly busy = signal<DataKind | undefined>(undefined);
  /** What the last clear did, in a sentence. */
  readonly done = signal<string | undefined>(undefined);
  /** "Everything" takes the API key (and admin key and server address) too. */
  readonly alsoKey = signal(false);
  readonly rows = computed<DataRow[]>(() => {
    const s = this.summary.value;
    if (!s) return [];
    return KINDS.map((kind) => ({
      kind,
      title: TITLES[kind](),
      kept: keptText(kind, s),
      note: NOTES[kind](),
      empty: isEmpty(kind, s),
    }));
  });

  private disposed = false;

  constructor(private readonly deps: DataDeps) {}

  /** The section opens: counts again, and an earlier visit's outcome is not shown again. */
  async load(): Promise<void> {
    this.done.value = undefined;
    this.loading.value = true;
    const result = await this.deps.send('data.summary', {});
    if (this.disposed) return;
    this.loading.value = false;
    if (result.ok) {
      this.summary.value = result.value;
      this.error.value = undefined;
    } else this.error.value = result.error;
  }

  /** Asks the person, then has the worker clear `kind`; says what went. */
  async clear(kind: DataKind): Promise<void> {
    const before = this.summary.value;
    if (this.busy.value || !before) return;
    const apiKey = kind === 'everything' && this.alsoKey.value;
    this.done.value = undefined;
    const title = t('dataConfirmTitle', 'Clear “$1”?', TITLES[kind]());
    const message =
      kind === 'everything'
        ? `${t('dataConfirmEverything', 'Verso clears everything it keeps in this browser and puts the settings back to their defaults.')} ${keyNote(apiKey)} ${t('dataCannotUndo', 'This cannot be undone.')}`
        : `${t('dataConfirmOne', 'Verso clears: $1.', keptText(kind, before))} ${t('dataCannotUndo', 'This cannot be undone.')}`;
    // Busy from the question on: a second press meanwhile does nothing.
    this.busy.value = kind;
    const confirmed = await this.deps.confirm(title, message, t('dataClear', 'Clear'));
    if (this.disposed) return;
    if (!confirmed) {
      this.busy.value = undefined;
      return;
    }
    const result = await this.deps.send('data.clear', { what: kind, apiKey });
    if (this.disposed) return;
    this.busy.value = undefined;
    if (!result.ok) {
      this.error.value = result.error;
      return;
    }
    this.error.value = undefined;
    this.summary.value = result.value.summary;
    if (kind === 'everything') {
      this.alsoKey.value = false;
      this.done.value = `${t('dataClearedEverything', 'Everything Verso kept is cleared, and the settings are back to their defaults.')} ${keyNote(result.value.apiKey, true)}`;
    } else this.done.value = t('dataCleared', 'Cleared: $1.', keptText(kind, before));
  }

  dispose(): void {
    this.disposed = true;
  }
}

/** Whether the API key goes (asking) or went (done). */
function keyNote(apiKey: boolean, done = false): string {
  if (apiKey)
    return done
      ? t('dataKeyRemoved', 'The API key was removed too.')
      : t('dataKeyRemovedToo', 'The API key is removed too.');
  return t('dataKeyKept', 'The API key is kept.');
}

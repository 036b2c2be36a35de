import { useEffect } from 'preact/hooks';
import { type HistoryModel, termKey } from '../../lib/features/history/model.ts';
import type { HistoryEntry } from '../../lib/features/history/store.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { countText } from '../../lib/ui/plural.ts';
import { Checkbox } from '../ui/Checkbox.tsx';
import { ErrorStatus } from '../ui/ErrorStatus.tsx';
import { Status } from '../ui/Status.tsx';
import './history.css';

const when = (at: number) => new Date(at).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

function Entry({
  entry,
  model,
  onAgain,
}: {
  entry: HistoryEntry;
  model: HistoryModel;
  onAgain(entry: HistoryEntry): void;
}) {
  const saved = model.saved.value[termKey(entry)];
  const where =
    entry.site ?? (entry.origin === 'popup' ? t('historyFromPopup', 'Popup') : t('historyFromPanel', 'Side panel'));
  return (
    <li class="history-entry">
      <p class="history-text" lang={entry.sourceLang}>
        {entry.text}
      </p>
      <p class="history-translation" lang={entry.targetLang}>
        {entry.translation}
      </p>
      <p class="hint">
        {entry.sourceLang.toUpperCase()} → {entry.targetLang.toUpperCase()} · {where} · {when(entry.at)}
      </p>
      <div class="row">
        <button
          type="button"
          onClick={() => onAgain(entry)}
          aria-label={`${t('historyAgain', 'Translate again')}: ${entry.text.slice(0, 60)}`}
        >
          {t('historyAgain', 'Translate again')}
        </button>
        <button
          type="button"
          onClick={() => void model.saveTerm(entry)}
          aria-label={`${t('historySaveTerm', 'Save to glossary')}: ${entry.text.slice(0, 60)}`}
        >
          {t('historySaveTerm', 'Save to glossary')}
        </button>
      </div>
      {saved && (
        <p class="hint" role="status">
          {saved}
        </p>
      )}
    </li>
  );
}

/** Words met again and again: how often, where, and one click to make each a glossary entry. */
function Suggestions({ model }: { model: HistoryModel }) {
  const suggestions = model.suggestions.value;
  if (suggestions.length === 0) return null;
  return (
    <section aria-labelledby="history-suggestions-title">
      <h3 id="history-suggestions-title">{t('historySuggestionsTitle', 'Translated again and again')}</h3>
      <ul class="history-list">
        {suggestions.map((s) => {
          const saved = model.saved.value[termKey(s)];
          return (
            <li key={termKey(s)} class="history-entry">
              <p>
                <span lang={s.sourceLang}>{s.text}</span> → <strong lang={s.targetLang}>{s.translation}</strong>
              </p>
              <p class="hint">
                {countText('historySuggestionCount', 'one=$1 time|other=$1 times', s.count, [formatNumber(s.count)])}
                {s.sites.length > 0 && ` · ${s.sites.join(', ')}`}
              </p>
              <button
                type="button"
                onClick={() => void model.saveTerm(s)}
                aria-label={`${t('historySaveTerm', 'Save to glossary')}: ${s.text}`}
              >
                {t('historySaveTerm', 'Save to glossary')}
              </button>
              {saved && (
                <p class="hint" role="status">
                  {saved}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The history: search, "Keep a history", re-translate an entry, download, clear. */
export function HistoryPanel({ model, onAgain }: { model: HistoryModel; onAgain(entry: HistoryEntry): void }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const entries = model.entries.value;
  const error = model.error.value;
  return (
    <section class="history" aria-labelledby="history-title">
      <h2 id="history-title">{t('historyTitle', 'History')}</h2>
      <Checkbox
        id="history-enabled"
        label={t('historyKeep', 'Keep a history of my translations')}
        hint={t(
          'historyKeepHint',
          'Selections, quick translate and the side panel; never page translations or private windows. Kept in this browser only, at most 1,000 entries.',
        )}
        checked={model.enabled.value}
        onChange={(on) => void model.setEnabled(on)}
      />
      <Suggestions model={model} />
      <div class="field">
        <label for="history-search">{t('historySearch', 'Search the history')}</label>
        <input
          id="history-search"
          type="search"
          value={model.query.value}
          onInput={(e) => void model.search(e.currentTarget.value)}
        />
      </div>
      {error && <ErrorStatus error={error} />}
      {model.notice.value && <Status kind="ok">{model.notice.value}</Status>}
      {model.loaded.value && (
        <p class="hint" role="status">
          {entries.length === 0
            ? model.total.value === 0
              ? t('historyEmpty', 'Nothing in the history yet.')
              : t('historyNoMatch', 'Nothing in the history matches.')
            : t('historyShown', '$1 of $2 entries', [formatNumber(entries.length), formatNumber(model.total.value)])}
        </p>
      )}
      <ul class="history-list" aria-label={t('historyListLabel', 'Translations kept')}>
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} model={model} onAgain={onAgain} />
        ))}
      </ul>
      <div class="row">
        <button type="button" disabled={model.total.value === 0} onClick={() => void model.download('json')}>
          {t('historyDownloadJson', 'Download (JSON)')}
        </button>
        <button type="button" disabled={model.total.value === 0} onClick={() => void model.download('csv')}>
          {t('historyDownloadCsv', 'Download (CSV)')}
        </button>
        <button type="button" disabled={model.total.value === 0} onClick={() => void model.clear()}>
          {t('historyClear', 'Clear history')}
        </button>
      </div>
    </section>
  );
}

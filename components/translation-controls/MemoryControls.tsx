import {
  DEFAULT_MEMORY_THRESHOLD,
  type TranslationControlsModel,
} from '../../lib/features/translation-controls/model.ts';
import { languageName } from '../../lib/languages/index.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { Status } from '../ui/Status.tsx';
import { MemoryForm } from './MemoryForm.tsx';

function Catalogue({ model }: { model: TranslationControlsModel }) {
  const languages = model.languages.value.items;
  const { items, loading, error } = model.memories.value;
  if (loading) return <p class="hint">{t('advMemLoading', 'Loading translation memories…')}</p>;
  if (error) {
    return (
      <Status kind="error">
        {t('advMemError', 'The translation memories could not be loaded.')} {describeError(error)}{' '}
        <button type="button" onClick={() => void model.loadMemories()}>
          {t('advRetry', 'Try again')}
        </button>
      </Status>
    );
  }
  if (items.length === 0) return <p class="empty">{t('advMemEmpty', 'The account has no translation memories.')}</p>;
  const names = (codes: readonly string[] = []) => codes.map((c) => languageName(c, languages)).join(', ');
  return (
    <table class="adv-table">
      <caption>{t('advMemCaption', 'Translation memories of the account')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('advColName', 'Name')}</th>
          <th scope="col">{t('advColFrom', 'From')}</th>
          <th scope="col">{t('advColInto', 'Into')}</th>
          <th scope="col" class="num">
            {t('advColSegments', 'Segments')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((m) => (
          <tr key={m.translation_memory_id}>
            <th scope="row">{m.name ?? m.translation_memory_id}</th>
            <td>{m.source_language ? languageName(m.source_language, languages) : '—'}</td>
            <td>{names(m.target_languages)}</td>
            <td class="num">{m.segment_count === undefined ? '—' : formatNumber(m.segment_count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function InUse({ model }: { model: TranslationControlsModel }) {
  const languages = model.languages.value.items;
  const entries = Object.entries(model.settings.value.translationMemories);
  if (entries.length === 0) return <p class="empty">{t('advMemNoneUsed', 'No translation memory is used yet.')}</p>;
  return (
    <table class="adv-table">
      <caption>{t('advMemInUse', 'Translation memories in use')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('advColPair', 'Language pair')}</th>
          <th scope="col">{t('advColMemory', 'Memory')}</th>
          <th scope="col" class="num">
            {t('advColThreshold', 'Threshold')}
          </th>
          <th scope="col">{t('advColActions', 'Actions')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([key, m]) => {
          const [source = '', target = ''] = key.split('>');
          const pair = `${languageName(source, languages)} → ${languageName(target, languages)}`;
          return (
            <tr key={key}>
              <th scope="row">{pair}</th>
              <td>{m.name || m.memoryId}</td>
              <td class="num">
                {m.threshold}
                {m.threshold < DEFAULT_MEMORY_THRESHOLD && (
                  <span class="hint"> {t('advMemLow', '(below the recommended 75)')}</span>
                )}
              </td>
              <td>
                <button
                  type="button"
                  class="danger"
                  aria-label={t('advMemRemoveOf', 'Remove: $1', pair)}
                  onClick={() =>
                    void model.removeMemory(key, t('advMemRemoved', 'No translation memory is used for $1.', pair))
                  }
                >
                  {t('advRemove', 'Remove')}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Translation memories: the account's list, the one chosen per language pair, and the form to choose. */
export function MemoryControls({ model }: { model: TranslationControlsModel }) {
  return (
    <section class="card" aria-labelledby="adv-mem-title">
      <h3 id="adv-mem-title">{t('advMemTitle', 'Translation memories')}</h3>
      <p class="hint">
        {t(
          'advMemIntro',
          'A translation memory reuses your approved translations of a language pair. It is used when the source language is known (chosen, or declared by the page).',
        )}
      </p>
      <Catalogue model={model} />
      <InUse model={model} />
      <MemoryForm model={model} />
    </section>
  );
}

import type { GlossariesModel } from '../../lib/features/glossaries/model.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { formatDate, pairLabel, totalEntries } from './format.ts';

/** The account's glossaries; a name opens the glossary. */
export function GlossaryList({ model }: { model: GlossariesModel }) {
  const list = model.glossaries.value;
  if (list.length === 0) return <p class="empty">{t('glEmpty', 'No glossaries yet.')}</p>;
  return (
    <table class="glossary-table">
      <caption class="visually-hidden">{t('glListCaption', 'Your glossaries')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('glName', 'Name')}</th>
          <th scope="col">{t('glPairs', 'Language pairs (entries)')}</th>
          <th scope="col" class="num">
            {t('glTotal', 'Entries')}
          </th>
          <th scope="col">{t('glCreated', 'Created')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((g) => (
          <tr key={g.glossary_id}>
            <th scope="row">
              <button type="button" class="link" onClick={() => model.select(g.glossary_id)}>
                {g.name}
              </button>
            </th>
            <td>
              {g.dictionaries.length === 0
                ? t('glNoDictionaries', 'No dictionaries')
                : g.dictionaries.map((d) => `${pairLabel(d)} (${formatNumber(d.entry_count)})`).join(', ')}
            </td>
            <td class="num">{formatNumber(totalEntries(g.dictionaries))}</td>
            <td>{formatDate(g.creation_time)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

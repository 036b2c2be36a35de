import { type EntriesFormat, parseEntries, serializeEntries } from '../../lib/features/glossaries/entries.ts';
import type { GlossaryView, LanguagePair } from '../../lib/features/glossaries/types.ts';
import { send } from '../../lib/messaging/protocol.ts';
import type { ErrorInfo } from '../../lib/messaging/result.ts';
import { downloadText, safeFileName } from '../ui/download.ts';

/** Downloads a dictionary as TSV or CSV; works offline from the cached copy. Returns the error, if any. */
export async function exportDictionary(
  glossary: GlossaryView,
  pair: LanguagePair,
  format: EntriesFormat,
): Promise<ErrorInfo | undefined> {
  const result = await send('glossaries.entries', { glossaryId: glossary.glossary_id, ...pair });
  if (!result.ok) return result.error;
  const entries = parseEntries(result.value.entries, { format: 'tsv' }).entries;
  const text = serializeEntries(entries, format);
  const name = `${safeFileName(glossary.name)}.${pair.source_lang}-${pair.target_lang}.${format}`;
  downloadText(name, `${text}\n`, format === 'csv' ? 'text/csv' : 'text/tab-separated-values');
  return undefined;
}

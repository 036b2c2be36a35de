import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A button whose accessible name (aria-label) adds context to its visible text must begin with that
 * text (WCAG 2.5.3, label in name), so a person who says "Export TSV" to voice control hits it. The
 * e2e a11y specs check this in English with axe; this checks every catalogue.
 * Accessible name key -> the key of the text the button shows.
 */
const NAMED_AFTER: Record<string, string> = {
  advInstrEditOf: 'advEdit',
  advInstrRemoveOf: 'advRemove',
  advMemRemoveOf: 'advRemove',
  glApplyFixTo: 'glApplyFix',
  glEditEntry: 'glEdit',
  glDeleteEntry: 'glDelete',
  glEditEntriesOf: 'glEditEntries',
  glViewEntriesOf: 'glViewEntries',
  glExportTsvOf: 'glExportTsv',
  glExportCsvOf: 'glExportCsv',
  glDeleteDictOf: 'glDelete',
  siteEditOf: 'siteEdit',
  siteRemoveOf: 'siteRemove',
  typingForgetSiteOf: 'typingForgetSite',
  typingRemoveWordOf: 'siteRemove',
  docsDownloadOf: 'docsDownload',
  dataClearNamed: 'dataClear',
  selButtonLabel: 'selButton',
  selButtonLabelKey: 'selButton',
};

const root = path.resolve(import.meta.dirname, '../../public/_locales');

describe('accessible names begin with the visible text', () => {
  for (const locale of readdirSync(root)) {
    it(locale, () => {
      const catalogue = JSON.parse(readFileSync(path.join(root, locale, 'messages.json'), 'utf8')) as Record<
        string,
        { message: string }
      >;
      const mismatches = Object.entries(NAMED_AFTER)
        .filter(([name, shown]) => {
          const label = catalogue[name]?.message;
          const text = catalogue[shown]?.message;
          return !label || !text || !label.toLowerCase().startsWith(text.toLowerCase());
        })
        .map(([name, shown]) => `${name} "${catalogue[name]?.message}" / ${shown} "${catalogue[shown]?.message}"`);
      expect(mismatches).toEqual([]);
    });
  }
});

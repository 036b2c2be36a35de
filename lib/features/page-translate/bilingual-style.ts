import { adoptedSheetsOf, setAdoptedSheets } from '../../dom/unclobbered.ts';
import { BILINGUAL_CSS } from './segments/index.ts';

/** Documents that have the bilingual lines' sheet (the page's session and the paragraph key share it). */
const adopted = new WeakSet<Document>();

/**
 * The bilingual line's look, as a constructed sheet: nothing is added to the page's DOM, and a page's
 * style-src policy does not block it. Once per document.
 */
export function adoptBilingualStyle(doc: Document): void {
  if (adopted.has(doc) || !('adoptedStyleSheets' in doc)) return;
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(BILINGUAL_CSS);
    setAdoptedSheets(doc, [...adoptedSheetsOf(doc), sheet]);
    adopted.add(doc);
  } catch {
    // Without it the line still shows as a block of its own (set on the element itself).
  }
}

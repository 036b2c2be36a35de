import { baseOf } from '../data/languages.ts';
import { badRequest, notFound } from '../http/errors.ts';

/**
 * v3 glossaries (docs/contract.md §4.3). A glossary holds one dictionary per language pair; entries are kept
 * as an ordered map so PATCH can merge and the entries endpoint returns them in a stable order.
 */

export interface Dictionary {
  sourceLang: string;
  targetLang: string;
  entries: Map<string, string>;
  creationTime: string;
}

export interface Glossary {
  id: string;
  accountId: string;
  name: string;
  creationTime: string;
  dictionaries: Dictionary[];
}

export function dictionaryOf(glossary: Glossary, sourceLang: string, targetLang: string): Dictionary | undefined {
  return glossary.dictionaries.find((d) => d.sourceLang === sourceLang && d.targetLang === targetLang);
}

/** Every account's glossaries, by id; empty after a reset. */
export class GlossaryStore {
  readonly byId = new Map<string, Glossary>();

  reset(): void {
    this.byId.clear();
  }

  /** The account's glossary, or a 404 ServiceError. */
  find(accountId: string, id: string): Glossary {
    const glossary = this.byId.get(id);
    if (!glossary || glossary.accountId !== accountId) throw notFound(`Glossary '${id}' not found`);
    return glossary;
  }

  /**
   * Entries of the glossary's dictionary for this pair, matched by base language (a dictionary with
   * target `en` serves EN-US and EN-GB). Throws 404 for an unknown glossary and 400 when the glossary has
   * no dictionary for the pair.
   */
  entries(
    accountId: string,
    glossaryId: string,
    sourceLang: string,
    targetLang: string,
  ): Array<[source: string, target: string]> {
    const glossary = this.find(accountId, glossaryId);
    const d = dictionaryOf(glossary, baseOf(sourceLang), baseOf(targetLang));
    if (!d)
      throw badRequest(
        `Glossary '${glossaryId}' has no dictionary for ${sourceLang.toUpperCase()}->${targetLang.toUpperCase()}`,
        `Its dictionaries: ${glossary.dictionaries.map((x) => `${x.sourceLang}->${x.targetLang}`).join(', ') || 'none'}`,
      );
    return [...d.entries];
  }
}

import type { App } from '../app.ts';
import type { ServiceState } from '../state.ts';

export function register(_app: App, _state: ServiceState): void {}

/**
 * Entries of the glossary's dictionary for this pair, matched by base language (a dictionary with
 * target `en` serves EN-US and EN-GB). Throws 404 for an unknown glossary and 400 when the glossary has
 * no dictionary for the pair.
 */
export function glossaryEntries(
  _state: ServiceState,
  _accountId: string,
  _glossaryId: string,
  _sourceLang: string,
  _targetLang: string,
): Array<[source: string, target: string]> {
  return [];
}

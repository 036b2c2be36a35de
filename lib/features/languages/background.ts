import { handle } from '../../messaging/handle.ts';
import { getLanguages } from './cache.background.ts';

/** The service's language lists, for every context that offers a language picker. */
export function setUpLanguages(): void {
  handle('languages.get', (data) => getLanguages(data.resource, data));
}

import { handle } from '../../messaging/handle.ts';
import { getLanguages } from './cache.background.ts';
import { withLocalNames } from './names.ts';

/** The service's language lists, named in the UI language, for every context that offers a language picker. */
export function setUpLanguages(): void {
  handle('languages.get', async (data) => withLocalNames(await getLanguages(data.resource, data)));
}

import { signal } from '@preact/signals';

/**
 * Page translation of this tab's top document, as Verso's other content features see it (in Verso's own
 * world, out of the page's reach): `started` once it is asked for; `shown` once the first screen shows
 * translated, or translation ended short of that. The offer bar leaves at `shown`: the page moves once,
 * in the frame that writes the screen's translation, instead of once more just before it (a frame that
 * lays out and walks the whole page).
 */
export const pageTranslation = signal<'idle' | 'started' | 'shown'>('idle');

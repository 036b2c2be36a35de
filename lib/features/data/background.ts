import { handle } from '../../messaging/handle.ts';
import { dataKeeper } from './clear.background.ts';

/** "Your data" in the worker: it owns the database and storage, so it counts and clears them. */
export function setUpData(): void {
  handle('data.summary', () => dataKeeper().summary());
  handle('data.clear', ({ what, apiKey }) => dataKeeper().clear(what, { apiKey }));
}

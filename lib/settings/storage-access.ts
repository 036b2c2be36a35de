import { browser } from 'wxt/browser';

type Area = { setAccessLevel?: (options: { accessLevel: 'TRUSTED_CONTEXTS' }) => Promise<void> };

let restricted: Promise<void> | undefined;

/**
 * Makes `storage.local` readable only by Verso's own pages and worker. By default content scripts can
 * read it too, and they run in the web page's renderer: a renderer taken over by the page would then
 * hold the API key. Chrome 140+ supports this for `local` (and keeps it in the profile); Firefox has no
 * `setAccessLevel` for `local`, so there the call is skipped (docs/security.md says what that leaves).
 * `storage.session` is trusted-only by default in both. Called once per context; later calls share it.
 */
export function restrictStorageToVerso(): Promise<void> {
  restricted ??= (async () => {
    const local = browser.storage.local as unknown as Area;
    if (typeof local.setAccessLevel !== 'function') return;
    try {
      await local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    } catch (e) {
      console.warn('[verso] storage.local could not be restricted to trusted contexts', e);
    }
  })();
  return restricted;
}

import { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { BootState } from '../lib/bootstrap/state.ts';
import { startContentFeatures } from '../lib/features/registry.ts';

// Verso's content features, injected by the worker into one frame the first time the person needs them
// there (lib/background/boot.ts), never by the manifest: a page Verso does nothing on runs only the
// bootstrap (lib/bootstrap).
export default defineUnlistedScript(() => {
  const scope = globalThis as { __versoBoot?: BootState; __versoFeatures?: boolean };
  // Injected again (two needs at once, or a worker that lost track): the first run serves.
  if (scope.__versoFeatures) return;
  scope.__versoFeatures = true;
  const boot = scope.__versoBoot;
  if (boot) {
    boot.features = true;
    boot.stop();
  }
  // WXT's legacy start message is posted to the page and carries the extension id (docs/security.md).
  const ctx = new ContentScriptContext('content', { noScriptStartedPostMessage: true });
  void startContentFeatures(ctx, boot?.reasons ?? []);
});

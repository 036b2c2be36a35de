import { startContentFeatures } from '../lib/features/registry.ts';

export default defineContentScript({
  matches: ['<all_urls>'],
  allFrames: true,
  matchAboutBlank: true,
  runAt: 'document_idle',
  // WXT's legacy start message is posted to the page and carries the extension id (docs/security.md).
  noScriptStartedPostMessage: true,
  main(ctx) {
    void startContentFeatures(ctx);
  },
});

import { startContentFeatures } from '../lib/features/registry.ts';

export default defineContentScript({
  matches: ['<all_urls>'],
  allFrames: true,
  matchAboutBlank: true,
  runAt: 'document_idle',
  main(ctx) {
    void startContentFeatures(ctx);
  },
});

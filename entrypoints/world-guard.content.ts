/**
 * Runs before the page has any DOM, so the browser creates Verso's content-script world, and its
 * `chrome` object, while no page element can stand in for it. A world created later (at
 * document_idle) resolves `chrome` through the page's named elements: `<form id="chrome">` would
 * replace the extension API and stop Verso's content scripts from starting. See docs/security.md
 * (DOM clobbering) and tests/e2e/security-hostile-pages.spec.ts.
 */
export default defineContentScript({
  matches: ['<all_urls>'],
  allFrames: true,
  matchAboutBlank: true,
  runAt: 'document_start',
  // WXT's legacy start message would tell the page the extension id.
  noScriptStartedPostMessage: true,
  main() {},
});

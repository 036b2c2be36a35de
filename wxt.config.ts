import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { BOOTSTRAP_FILE, buildBootstrap } from './scripts/build/bootstrap.ts';
import { stripHtmlSinks } from './scripts/build/html-sinks.ts';
import { buildPdfWorker, PDF_WORKER_FILE, pdfDataFiles } from './scripts/build/pdf-worker.ts';

// Manifest permissions are kept small on purpose; tests/e2e/bundle.spec.ts pins the list.
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  // Manifest V3 for Firefox too (WXT's default there is V2): the same action, host_permissions and
  // optional_host_permissions as Chrome; Firefox runs the background as an event page, not a worker.
  manifestVersion: 3,
  srcDir: '.',
  // VERSO_OUT_DIR lets parallel builds (and their e2e runs) use separate folders.
  outDir: process.env.VERSO_OUT_DIR || '.output',
  // stripHtmlSinks: no raw-HTML writes in the bundles (scripts/build/html-sinks.ts).
  // VERSO_NO_MINIFY=1 keeps names readable in a CPU profile (`VERSO_BENCH_PROFILE`, scripts/bench/profile.ts).
  vite: () => ({
    plugins: [preact(), stripHtmlSinks()],
    ...(process.env.VERSO_NO_MINIFY ? { build: { minify: false } } : {}),
  }),
  // `npm run zip`: both store packages, and for Firefox's review the sources that build them (docs/store.md).
  // Besides WXT's own exclusions (node_modules, dot files, *.test.*, the output folder), what the
  // extension is not built from: the tests, the local service, the demo, benchmarks, store material.
  zip: {
    excludeSources: [
      'tests/**',
      'service/**',
      'demo/**',
      'scripts/bench/**',
      'scripts/bench.mjs',
      'lib/features/page-translate/segments/bench/**',
      'test-results/**',
      'playwright-report/**',
      'bench-results/**',
      'store-material/**',
    ],
  },
  // The bootstrap (lib/bootstrap) is bundled on its own and listed by hand below: the only script in
  // every frame. Verso's features (entrypoints/features.ts) are injected by the worker on first need.
  hooks: {
    'build:publicAssets': (wxt, files) => {
      files.push({ relativeDest: BOOTSTRAP_FILE, contents: buildBootstrap({ browser: wxt.config.browser }).code });
      // pdf.js's worker for the PDF reader, a file of the package (scripts/build/pdf-worker.ts).
      files.push({ relativeDest: PDF_WORKER_FILE, contents: buildPdfWorker() });
      // Its CMaps and standard fonts, so CJK text and unembedded fonts show as they are meant to.
      files.push(...pdfDataFiles());
    },
  },
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
    content_scripts: [
      {
        matches: ['<all_urls>'],
        all_frames: true,
        match_about_blank: true,
        run_at: 'document_start',
        js: [BOOTSTRAP_FILE],
      },
    ],
    // The features, imported by the bootstrap on first need. Chrome serves them at a URL made anew each
    // session (use_dynamic_url), so a page cannot probe for Verso. Firefox: the worker injects them, and
    // nothing is web-accessible (docs/security.md).
    ...(browser === 'firefox'
      ? {}
      : { web_accessible_resources: [{ resources: ['features.js'], matches: ['<all_urls>'], use_dynamic_url: true }] }),
    description: '__MSG_extDescription__',
    default_locale: 'en',
    permissions: ['storage', 'contextMenus', 'activeTab', 'scripting', 'alarms', 'notifications', 'downloads'],
    host_permissions: [
      'https://api.verso-translate.example/*',
      'https://api-free.verso-translate.example/*',
      'http://127.0.0.1/*',
      'http://localhost/*',
    ],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    // Keys the browser really assigns in a fresh profile: Chrome leaves a suggested key unassigned when
    // the browser or the system holds it, so each was checked against Chromium's and ChromeOS's own
    // shortcuts (lib/features/shortcuts/README.md); tests/e2e/shortcuts.spec.ts checks each has a key.
    commands: {
      'translate-page': {
        suggested_key: { default: 'Alt+Shift+G', mac: 'MacCtrl+Shift+G' },
        description: '__MSG_cmdTranslatePage__',
      },
      'translate-selection': {
        suggested_key: { default: 'Alt+Shift+U', mac: 'MacCtrl+Shift+U' },
        description: '__MSG_cmdTranslateSelection__',
      },
      'improve-writing': {
        suggested_key: { default: 'Alt+Shift+Y', mac: 'MacCtrl+Shift+Y' },
        description: '__MSG_cmdImproveWriting__',
      },
      // Chrome's side panel, Firefox's sidebar (lib/features/sidepanel): the fourth and last suggested key.
      'open-side-panel': {
        suggested_key: { default: 'Alt+Shift+O', mac: 'MacCtrl+Shift+O' },
        description: '__MSG_cmdOpenSidePanel__',
      },
      // Chrome takes four suggested keys at most: there the person sets this one (the popup and the
      // options page say "Not set" and open the browser's shortcuts page); Firefox has no such limit.
      'toggle-video-subtitles': {
        ...(browser === 'firefox' ? { suggested_key: { default: 'Alt+Shift+V', mac: 'MacCtrl+Shift+V' } } : {}),
        description: '__MSG_cmdToggleVideoSubtitles__',
      },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'verso@verso.example',
              // 140 (an ESR) is the first with data_collection_permissions; optional_host_permissions need 128.
              strict_min_version: '140.0',
              // Shown at install: page and selected text go to the translation service,
              // and so does what the person writes in a field when they ask for writing help.
              data_collection_permissions: { required: ['websiteContent', 'personalCommunications'] },
            },
            // Firefox for Android takes data_collection_permissions from 142.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});

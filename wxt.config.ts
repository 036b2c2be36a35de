import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// Manifest permissions are kept small on purpose; tests/e2e/bundle.spec.ts pins the list.
export default defineConfig({
  modules: ['@wxt-dev/webextension-polyfill'],
  srcDir: '.',
  // VERSO_OUT_DIR lets parallel builds (and their e2e runs) use separate folders.
  outDir: process.env.VERSO_OUT_DIR || '.output',
  vite: () => ({ plugins: [preact()] }),
  manifest: ({ browser }) => ({
    name: '__MSG_extName__',
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
    },
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'verso@verso.example', strict_min_version: '115.0' } } }
      : {}),
  }),
});

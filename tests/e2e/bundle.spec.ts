import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EXTENSION_DIR } from './browser.ts';

// These read the built extension; they need no browser.

/** What runs in pages: the bootstrap the manifest injects, and the features the worker injects on need. */
const PAGE_SCRIPTS = ['bootstrap.js', 'features.js'];

test('the manifest injects only the bootstrap into pages; the features come from the worker', () => {
  const manifest = JSON.parse(readFileSync(path.join(EXTENSION_DIR, 'manifest.json'), 'utf8'));
  expect(manifest.content_scripts.map((c: { js: string[] }) => c.js)).toEqual([['bootstrap.js']]);
  expect(manifest.content_scripts[0].run_at).toBe('document_start');
  expect(readdirSync(EXTENSION_DIR)).toEqual(expect.arrayContaining(PAGE_SCRIPTS));
  // The features are the one web-accessible file, at a URL made anew each session: no page can probe it.
  expect(manifest.web_accessible_resources).toEqual([
    { resources: ['features.js'], matches: ['<all_urls>'], use_dynamic_url: true },
  ]);
});

test('content scripts never touch the credentials or build authenticated requests', () => {
  for (const f of PAGE_SCRIPTS) {
    const code = readFileSync(path.join(EXTENSION_DIR, f), 'utf8');
    expect(code, f).not.toContain('local:credentials');
    expect(code, f).not.toContain('Service-Auth-Key');
    expect(code, f).not.toMatch(/adminKey/);
  }
});

test('content scripts define no storage item: extension storage is closed to them (docs/security.md)', () => {
  // storage.local is set to trusted contexts at start-up, so a content script reading a setting would
  // fail at run time; what content features need comes by message from the background.
  for (const f of PAGE_SCRIPTS) {
    const code = readFileSync(path.join(EXTENSION_DIR, f), 'utf8');
    expect(code.match(/["'`](local|session|sync|managed):[A-Za-z]/g) ?? [], f).toEqual([]);
  }
});

test('the manifest asks for no more permissions than reviewed', () => {
  const manifest = JSON.parse(readFileSync(path.join(EXTENSION_DIR, 'manifest.json'), 'utf8'));
  // Growing this list needs a reason in docs/security.md.
  expect([...manifest.permissions].sort()).toEqual(
    ['activeTab', 'alarms', 'contextMenus', 'downloads', 'notifications', 'scripting', 'sidePanel', 'storage'].sort(),
  );
  expect(manifest.host_permissions).toEqual([
    'https://api.verso-translate.example/*',
    'https://api-free.verso-translate.example/*',
    'http://127.0.0.1/*',
    'http://localhost/*',
  ]);
  expect(manifest.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
  expect(manifest.manifest_version).toBe(3);
  expect(manifest.externally_connectable).toBeUndefined();
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EXTENSION_DIR } from './browser.ts';

// These read the built extension; they need no browser.

test('content scripts never touch the credentials or build authenticated requests', () => {
  const dir = path.join(EXTENSION_DIR, 'content-scripts');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) {
    const code = readFileSync(path.join(dir, f), 'utf8');
    expect(code, f).not.toContain('local:credentials');
    expect(code, f).not.toContain('Service-Auth-Key');
    expect(code, f).not.toMatch(/adminKey/);
  }
});

test('content scripts define no storage item: extension storage is closed to them (docs/security.md)', () => {
  // storage.local is set to trusted contexts at start-up, so a content script reading a setting would
  // fail at run time; what content features need comes by message from the background.
  const dir = path.join(EXTENSION_DIR, 'content-scripts');
  for (const f of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(path.join(dir, f), 'utf8');
    expect(code.match(/["'`](local|session|sync|managed):[A-Za-z]/g) ?? [], f).toEqual([]);
  }
});

test('the manifest asks for no more permissions than reviewed', () => {
  const manifest = JSON.parse(readFileSync(path.join(EXTENSION_DIR, 'manifest.json'), 'utf8'));
  // Growing this list needs a reason in docs/security.md.
  expect([...manifest.permissions].sort()).toEqual(
    ['activeTab', 'alarms', 'contextMenus', 'downloads', 'notifications', 'scripting', 'storage'].sort(),
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

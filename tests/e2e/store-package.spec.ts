import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { EXTENSION_DIR } from './browser.ts';

// What the stores check in a package, read from the builds; they need no browser. The Firefox package is
// linted by web-ext in `npm test` (scripts/test.mjs).

const root = path.resolve(import.meta.dirname, '../..');
const FIREFOX_DIR = path.join(path.dirname(EXTENSION_DIR), 'firefox-mv3');

type Manifest = Record<string, unknown> & {
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  content_scripts?: { matches: string[]; js?: string[] }[];
  icons?: Record<string, string>;
};

function manifestOf(dir: string): Manifest {
  const file = path.join(dir, 'manifest.json');
  if (!existsSync(file)) throw new Error(`No build in ${dir}: run \`npm run build\` and \`npm run build:firefox\`.`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

function filesIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => !f.includes('node_modules'));
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1'), `${file} is a PNG`).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('the Chrome package: Manifest V3 with a name, description and version the store accepts', () => {
  const manifest = manifestOf(EXTENSION_DIR);
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  expect(manifest.manifest_version).toBe(3);
  expect(manifest.version).toBe(pkg.version);
  expect(manifest.version).toMatch(/^\d+(\.\d+){0,3}$/);
  expect(manifest.name).toBe('__MSG_extName__');
  expect(manifest.description).toBe('__MSG_extDescription__');
  expect(manifest.default_locale).toBe('en');
  // Every locale names and describes Verso within the Chrome Web Store's limits (75 and 132 characters).
  const locales = readdirSync(path.join(EXTENSION_DIR, '_locales'));
  expect(locales).toContain('en');
  for (const locale of locales) {
    const messages = JSON.parse(readFileSync(path.join(EXTENSION_DIR, '_locales', locale, 'messages.json'), 'utf8'));
    const name: string = messages.extName?.message ?? '';
    const description: string = messages.extDescription?.message ?? '';
    expect(name.length, `${locale} extName`).toBeGreaterThan(0);
    expect(name.length, `${locale} extName`).toBeLessThanOrEqual(75);
    expect(description.length, `${locale} extDescription`).toBeGreaterThan(0);
    expect(description.length, `${locale} extDescription`).toBeLessThanOrEqual(132);
  }
});

test('the Chrome package: every file the manifest names is in it', () => {
  const manifest = manifestOf(EXTENSION_DIR);
  const named = [
    (manifest.background as { service_worker: string }).service_worker,
    (manifest.action as { default_popup: string }).default_popup,
    (manifest.options_ui as { page: string }).page,
    ...(manifest.content_scripts ?? []).flatMap((c) => c.js ?? []),
    ...Object.values(manifest.icons ?? {}),
  ];
  expect(named.length).toBeGreaterThan(5);
  for (const file of named) expect(existsSync(path.join(EXTENSION_DIR, file)), file).toBe(true);
});

test('the Chrome package: icons of 16, 32, 48 and 128 pixels', () => {
  const icons = manifestOf(EXTENSION_DIR).icons ?? {};
  for (const size of [16, 32, 48, 128]) {
    const file = icons[String(size)];
    expect(file, `icon ${size}`).toBeDefined();
    expect(pngSize(path.join(EXTENSION_DIR, file!)), file).toEqual({ width: size, height: size });
  }
});

test('the Chrome package: no remote code, no eval', () => {
  const manifest = manifestOf(EXTENSION_DIR);
  // Chrome's default extension CSP (scripts from the package only, no eval) stays in force.
  expect(manifest.content_security_policy).toBeUndefined();
  expect(manifest.externally_connectable).toBeUndefined();
  const files = filesIn(EXTENSION_DIR);
  const html = files.filter((f) => f.endsWith('.html'));
  const js = files.filter((f) => f.endsWith('.js'));
  expect(html.length).toBeGreaterThan(0);
  expect(js.length).toBeGreaterThan(0);
  for (const file of html) {
    const code = readFileSync(path.join(EXTENSION_DIR, file), 'utf8');
    for (const [, src] of code.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/g)) {
      expect(src, `${file} loads a script from the package`).toMatch(/^\.{0,2}\//);
    }
    expect(code, file).not.toMatch(/<link\b[^>]*href="(https?:)?\/\//);
  }
  for (const file of js) {
    const code = readFileSync(path.join(EXTENSION_DIR, file), 'utf8');
    expect(code, `${file}: import() of a URL`).not.toMatch(/\bimport\s*\(\s*["'`](https?:)?\/\//);
    expect(code, `${file}: importScripts`).not.toMatch(/\bimportScripts\s*\(/);
    expect(code, `${file}: eval`).not.toMatch(/(^|[^\w$.])eval\s*\(/);
    expect(code, `${file}: new Function`).not.toMatch(/\bnew\s+Function\s*\(/);
    expect(code, `${file}: a script element given a URL`).not.toMatch(/\.src\s*=\s*["'`]https?:/);
  }
});

test('every permission of the Chrome and Firefox manifests is explained in docs/permissions.md, and nothing else', () => {
  const sections = new Set(
    [...readFileSync(path.join(root, 'docs/permissions.md'), 'utf8').matchAll(/^### `([^`]+)`\n\n(\S[^\n]*)/gm)].map(
      ([, name]) => name!,
    ),
  );
  const entries = new Set<string>();
  for (const dir of [EXTENSION_DIR, FIREFOX_DIR]) {
    const manifest = manifestOf(dir);
    for (const list of [manifest.permissions, manifest.host_permissions, manifest.optional_host_permissions]) {
      for (const entry of list ?? []) entries.add(entry);
    }
    for (const script of manifest.content_scripts ?? []) for (const match of script.matches) entries.add(match);
    const gecko = (manifest.browser_specific_settings as { gecko?: { data_collection_permissions?: object } })?.gecko;
    const collection = (gecko?.data_collection_permissions ?? {}) as { required?: string[]; optional?: string[] };
    for (const kind of [...(collection.required ?? []), ...(collection.optional ?? [])]) entries.add(kind);
  }
  expect(entries.size).toBeGreaterThan(10);
  expect(
    [...entries].filter((entry) => !sections.has(entry)),
    'entries without their section',
  ).toEqual([]);
  expect(
    [...sections].filter((section) => !entries.has(section)),
    'sections of no manifest entry',
  ).toEqual([]);
});

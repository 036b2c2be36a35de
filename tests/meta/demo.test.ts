import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const demo = readFileSync(path.join(root, 'demo/index.html'), 'utf8');
const config = readFileSync(path.join(root, 'wxt.config.ts'), 'utf8');

/** The keys the manifest suggests for each command, as "Alt+Shift+G". */
function suggestedKeys(): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const m of config.matchAll(/'([a-z-]+)': \{\s*suggested_key: \{ default: '([^']+)'/g)) keys[m[1]!] = m[2]!;
  return keys;
}

/** The demo's "things to try" as text, keys written "Alt+Shift+G". */
const tryText = demo
  .slice(demo.indexOf('<aside'), demo.indexOf('</aside>'))
  .replace(/<\/kbd>\+<kbd>/g, '+')
  .replace(/<[^>]+>/g, '');

describe('the demo page of `npm start`', () => {
  it('says what to try, with the keys the manifest really suggests', () => {
    const keys = suggestedKeys();
    expect(Object.keys(keys).sort()).toEqual([
      'improve-writing',
      'open-side-panel',
      'translate-page',
      'translate-selection',
    ]);
    for (const key of Object.values(keys)) expect(tryText).toContain(key);
    for (const thing of ['select a sentence', 'hold Alt', 'Translate page', 'letter']) expect(tryText).toContain(thing);
  });
});

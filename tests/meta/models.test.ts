import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Keeps UI state held one way (docs/architecture.md, "UI state"): a model is a class whose I/O comes in
// through its constructor, with a dispose and a test of its own.

const ROOT = path.resolve(import.meta.dirname, '../..');
const FEATURES = path.join(ROOT, 'lib/features');

/** Every `model.ts` / `*-model.ts` of a feature that holds signals. */
const models = readdirSync(FEATURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(path.join(FEATURES, d.name))
      .filter((f) => /(^|-)model\.ts$/.test(f))
      .map((f) => `lib/features/${d.name}/${f}`),
  )
  .filter((file) => readFileSync(path.join(ROOT, file), 'utf8').includes("from '@preact/signals'"));

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** What a model must not reach for itself: it gets these through its constructor. */
const OWN_IO: Array<[string, RegExp]> = [
  ['the messenger (send)', /^import\s+\{[^}]*\bsend\b[^}]*\}\s+from\s+'[^']*messaging\/protocol\.ts'/m],
  ['the browser API', /from\s+'wxt\/browser'/],
  ['storage', /from\s+'wxt\/utils\/storage'|\b\w+Item\.(getValue|setValue|watch)\(/],
  ['timers', /\bset(Timeout|Interval)\(/],
  ['the clock', /\bDate\.now\(/],
  ['navigator (clipboard, online)', /\bnavigator\./],
];

describe('UI models', () => {
  it('are found', () => {
    expect(models.length).toBeGreaterThan(10);
  });

  it.each(models)('%s keeps its state in a class with dispose(), not in module signals', (file) => {
    const src = read(file);
    expect(src).not.toMatch(/^(export\s+)?(const|let)\s+\w+\s*=\s*(signal|computed)\b/m);
    expect(src).toMatch(/^export class \w+/m);
    expect(src).toMatch(/^\s+dispose\(\): void/m);
  });

  it.each(models)('%s gets its I/O through its constructor', (file) => {
    const src = read(file);
    const reached = OWN_IO.filter(([, pattern]) => pattern.test(src)).map(([what]) => what);
    expect(reached).toEqual([]);
  });

  it.each(models)('%s has a test beside it', (file) => {
    expect(existsSync(path.join(ROOT, file.replace(/\.ts$/, '.test.ts')))).toBe(true);
  });
});

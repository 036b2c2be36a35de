import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A feature's end-to-end tests are found from its folder in one hop: `lib/features/<name>` is tested by
// `tests/e2e/<name>.spec.ts` and `tests/e2e/<name>-*.spec.ts`.

const ROOT = path.resolve(import.meta.dirname, '../..');
const FEATURES = readdirSync(path.join(ROOT, 'lib/features')).filter((d) =>
  statSync(path.join(ROOT, 'lib/features', d)).isDirectory(),
);
const SPECS = readdirSync(path.join(ROOT, 'tests/e2e')).filter((f) => f.endsWith('.spec.ts'));

/** Specs about what belongs to no one feature folder, by the prefix of their name. Keep it short. */
const CROSS_CUTTING: Record<string, string> = {
  'bad-input': 'oversized and oddly encoded input fed to several features at once',
  banners: 'error banners of several features that go when their cause is gone',
  bundle: 'the built bundles and manifest: credentials and permissions',
  'first-run': 'a fresh profile: the welcome, and the defaults it starts with',
  locale: "Verso's UI in the browser's language, across pages",
  options: 'the options page shell: its menu of sections, keyboard use and accessibility',
  popup: 'the popup shell: its layout at every width',
  security: 'hostile pages against every content feature at once',
  store: 'the store packages, read without a browser',
  wire: "recorded answers of the real service replayed through several features' flows",
};

/** Features without an e2e spec of their own: what tests them instead (keep it true). */
const UNIT_TESTED_ONLY: Record<string, string> = {};

const named = (spec: string, prefix: string) => spec === `${prefix}.spec.ts` || spec.startsWith(`${prefix}-`);

describe('end-to-end spec names', () => {
  it('every spec is named after a feature folder or an allowed cross-cutting prefix', () => {
    const prefixes = [...FEATURES, ...Object.keys(CROSS_CUTTING)];
    expect(SPECS.filter((spec) => !prefixes.some((prefix) => named(spec, prefix)))).toEqual([]);
  });

  it('no cross-cutting prefix shadows a feature folder', () => {
    expect(Object.keys(CROSS_CUTTING).filter((prefix) => FEATURES.includes(prefix))).toEqual([]);
  });

  it('every cross-cutting prefix is in use', () => {
    expect(Object.keys(CROSS_CUTTING).filter((prefix) => !SPECS.some((spec) => named(spec, prefix)))).toEqual([]);
  });

  it('every feature folder has a spec, or is listed as tested by unit tests only and has them', () => {
    const problems: string[] = [];
    for (const feature of FEATURES) {
      const hasSpec = SPECS.some((spec) => named(spec, feature));
      const files = readdirSync(path.join(ROOT, 'lib/features', feature));
      const hasUnitTests = files.some((f) => /\.test\.tsx?$/.test(f));
      if (feature in UNIT_TESTED_ONLY) {
        if (hasSpec) problems.push(`${feature}: has a spec now, drop it from UNIT_TESTED_ONLY`);
        if (!hasUnitTests) problems.push(`${feature}: listed as unit-tested only, but has no *.test.ts`);
      } else if (!hasSpec) problems.push(`${feature}: no tests/e2e/${feature}[-*].spec.ts`);
    }
    for (const feature of Object.keys(UNIT_TESTED_ONLY)) {
      if (!FEATURES.includes(feature)) problems.push(`${feature}: no such folder in lib/features`);
    }
    expect(problems).toEqual([]);
  });

  it("docs/architecture.md's table of tests names every spec", () => {
    const map = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    expect(SPECS.filter((spec) => !map.includes(`\`${spec}\``))).toEqual([]);
  });
});

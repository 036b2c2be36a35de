// Collects every `t('key', 'English text')` and `countText('key', …)` call into
// public/_locales/en/messages.json and reports the keys other locales lack. `node scripts/i18n.mjs --write` updates the English catalog; without it, it
// only checks (exit 1 on drift). lib/ui/i18n-catalog.test.ts runs the check in the unit tests.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['components', 'lib', 'entrypoints'];
// The fallback text is in single quotes, or double quotes when it holds an apostrophe. A counted text
// (countText, lib/ui/plural.ts) is a call of the same shape.
const CALL = /\b(?:t|countText)\(\s*'([A-Za-z0-9_]+)'\s*,\s*(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)")/g;

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

export function collectKeys() {
  const keys = new Map();
  const conflicts = [];
  for (const dir of SOURCE_DIRS) {
    for (const file of walk(path.join(root, dir))) {
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(CALL)) {
        const text = (m[2] ?? m[3]).replace(/\\(['"])/g, '$1').replace(/\\\\/g, '\\');
        const prev = keys.get(m[1]);
        if (prev !== undefined && prev.text !== text)
          conflicts.push(`${m[1]}: "${prev.text}" (${prev.file}) vs "${text}" (${file})`);
        else keys.set(m[1], { text, file: path.relative(root, file) });
      }
    }
  }
  return { keys, conflicts };
}

const catalogPath = (locale) => path.join(root, 'public/_locales', locale, 'messages.json');
const readCatalog = (locale) => JSON.parse(readFileSync(catalogPath(locale), 'utf8'));
// Keys used by the manifest (not by t()).
const MANIFEST_KEYS = [
  'extName',
  'extDescription',
  'cmdTranslatePage',
  'cmdTranslateSelection',
  'cmdImproveWriting',
  'cmdToggleVideoSubtitles',
  'cmdOpenSidePanel',
];

export function check() {
  const { keys, conflicts } = collectKeys();
  const problems = [...conflicts.map((c) => `same key, different text: ${c}`)];
  const en = readCatalog('en');
  for (const [key, { text }] of keys) {
    if (!en[key]) problems.push(`en lacks ${key}`);
    else if (en[key].message !== text) problems.push(`en ${key} differs from the code's text`);
  }
  const locales = readdirSync(path.join(root, 'public/_locales')).filter((l) => l !== 'en');
  const missing = {};
  const extra = {};
  const placeholders = {};
  for (const locale of locales) {
    const cat = readCatalog(locale);
    missing[locale] = [...keys.keys(), ...MANIFEST_KEYS.filter((k) => en[k])].filter((k) => !cat[k]);
    extra[locale] = Object.keys(cat).filter((k) => !en[k]);
    placeholders[locale] = Object.keys(cat)
      .filter((k) => en[k] && placeholdersOf(en[k].message) !== placeholdersOf(cat[k].message))
      .map(
        (k) =>
          `${k}: ${placeholdersOf(en[k].message) || 'none'} in en, ${placeholdersOf(cat[k].message) || 'none'} here`,
      );
    // Chrome reads "$word$" as a named placeholder and refuses to load the extension when the message does
    // not define it: "$1$2" is such a trap ("$1$" undefined). Numbered substitutions need a character between.
    for (const [k, v] of Object.entries(cat))
      if (/\$\w+\$/.test(String(v.message)) && !v.placeholders)
        placeholders[locale].push(`${k}: "${v.message}" reads as an undefined named placeholder`);
  }
  return { problems, missing, extra, placeholders, locales: ['en', ...locales], count: keys.size };
}

/** The substitutions a message uses ($1, $2 … and named $NAME$), sorted, as one string to compare. */
export function placeholdersOf(message) {
  const found = String(message).match(/\$(?:\d|[A-Za-z_][A-Za-z0-9_]*\$)/g) ?? [];
  return [...new Set(found)].sort().join(' ');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--write')) {
    const { keys } = collectKeys();
    const en = readCatalog('en');
    const next = {};
    for (const k of MANIFEST_KEYS) if (en[k]) next[k] = en[k];
    for (const [key, { text }] of [...keys].sort(([a], [b]) => a.localeCompare(b))) next[key] = { message: text };
    writeFileSync(catalogPath('en'), `${JSON.stringify(next, null, 2)}\n`);
    console.log(`en: ${keys.size} keys written`);
  }
  const { problems, missing, extra, placeholders, count } = check();
  console.log(`${count} keys in code`);
  for (const p of problems) console.log(`  ${p}`);
  for (const [locale, keys] of Object.entries(missing)) {
    console.log(
      `${locale}: ${keys.length} missing${keys.length ? `: ${keys.slice(0, 30).join(', ')}${keys.length > 30 ? ', …' : ''}` : ''}`,
    );
  }
  for (const [locale, keys] of Object.entries(extra))
    if (keys.length) console.log(`${locale}: extra keys ${keys.join(', ')}`);
  for (const [locale, list] of Object.entries(placeholders))
    for (const p of list) console.log(`${locale}: placeholders differ, ${p}`);
  if (process.argv.includes('--missing-json')) console.log(JSON.stringify(missing));
  process.exit(problems.length ? 1 : 0);
}

/**
 * Keeps the tree's references readable by someone who has only this repository:
 * - a path named in Markdown or in a source comment (`lib/...`, `docs/...`, ...) exists;
 * - so does a file named there without its folder (`model.ts`): a file of that name is in the repository;
 * - a relative Markdown link points at a file or folder that exists;
 * - the contract is cited in one form, `docs/contract.md §4.1` (a bare `§2.4` may follow in the same
 *   paragraph or comment), and every cited section is a heading of docs/contract.md; another
 *   document's sections (`RFC 5646 §4.4.1`) are left alone;
 * - nothing cites documents that live outside the repository (the shared spec, decision list or style
 *   guide), nor the style guide's item numbers.
 * Files come from git, so the test reads only what a clone has.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, normalize, relative } from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';

const root = normalize(join(import.meta.dirname, '../..'));

const gitFiles = (...args: string[]) =>
  execFileSync('git', ['ls-files', '-z', ...args], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f !== '' && existsSync(join(root, f)));

/** What is checked: the tracked files, as a clone has them. */
const files = gitFiles('--cached');

/** What a reference may name: tracked files, new ones not yet added (not ignored ones), their folders. */
const known = new Set<string>();
for (const f of [...files, ...gitFiles('--others', '--exclude-standard')]) {
  for (let p = f; p !== '.' && p !== ''; p = dirname(p)) known.add(p);
}

/** The names a reference may give without a folder: those of the files above. */
const knownNames = new Set([...known].map((p) => basename(p)));

const markdown = files.filter((f) => f.endsWith('.md'));
const sources = files.filter((f) => /\.(ts|tsx|mjs|css)$/.test(f));

interface Text {
  file: string;
  line: number;
  text: string;
}

/** The comments of a source file, line by line, with their line numbers in the file. */
function commentLines(file: string, code: string): Text[] {
  let comments: { value: string; line: number }[];
  if (file.endsWith('.css')) {
    comments = [...code.matchAll(/\/\*([\s\S]*?)\*\//g)].map((m) => ({
      value: m[1] ?? '',
      line: code.slice(0, m.index).split('\n').length,
    }));
  } else {
    const plugins: ('typescript' | 'jsx')[] = file.endsWith('.mjs')
      ? []
      : file.endsWith('.tsx')
        ? ['typescript', 'jsx']
        : ['typescript'];
    const ast = parse(code, { sourceType: 'module', plugins, errorRecovery: true });
    comments = (ast.comments ?? []).map((c) => ({ value: c.value, line: c.loc?.start.line ?? 1 }));
  }
  return comments.flatMap((c) => c.value.split('\n').map((text, i) => ({ file, line: c.line + i, text })));
}

function allLines(file: string, code: string): Text[] {
  return code.split('\n').map((text, i) => ({ file, line: i + 1, text }));
}

const read = (file: string) => readFileSync(join(root, file), 'utf8');
const markdownLines = markdown.flatMap((f) => allLines(f, read(f)));
const sourceCode = sources.map((f) => ({ file: f, code: read(f) }));
const sourceComments = sourceCode.flatMap(({ file, code }) => commentLines(file, code));
const sourceLines = sourceCode.flatMap(({ file, code }) => allLines(file, code));

const at = (t: Text, message: string) => `${t.file}:${t.line}: ${message}`;

/** The section sign, spelled as an escape so that this file does not cite anything itself. */
const S = '\u00a7';
const citation = `docs/contract.md ${S}`;

/** A path from the repository root, starting at one of its top folders; not part of a longer path. */
const rootPath = /(?<![\w./@~$-])(?:docs|lib|components|service|tests|scripts|entrypoints)\/[\w./-]*/g;

/**
 * A file named without its folder (`model.ts`, `check-model.test.ts`): not the end of a path, a glob
 * (`*.test.ts`) or a placeholder (`<name>.ts`). Only the kinds of file this repository is written in:
 * other names are of built files (`features.js`, `options.html`), packages (`chart.js`), a person's
 * files (`settings.json`) or examples (`notes.de.txt`), which no clone holds.
 */
/**
 * Old names left for later work to correct: `file: name`. Each must still be found, so a corrected one
 * fails here until its line goes. None today.
 */
const PENDING_NAMES = new Set<string>([]);

const bareName = /(?<![\w./@~$<>*{}\\-])[A-Za-z_][\w.-]*\.(?:ts|tsx|mjs|css|md|py)(?![\w/-])/g;

/**
 * Whether a section sign cites the contract: right after `docs/contract.md`, or continuing such a citation
 * made earlier on its line or in the same paragraph or comment (lines back to a blank one, at most eight).
 */
function citedAbove(lines: Text[], i: number, before: string): boolean {
  if (before.endsWith('docs/contract.md ') || before.includes(citation)) return true;
  for (let j = i - 1; j >= 0 && j >= i - 8; j--) {
    const t = lines[j];
    if (t === undefined || t.file !== lines[i]?.file) return false;
    const text = t.text.replace(/^\s*(?:\/\/+|\/\*+|\*)?\s*/, '');
    if (text === '') return false;
    if (text.includes(citation)) return true;
  }
  return false;
}

describe('references', () => {
  it('names only paths that exist', () => {
    const problems: string[] = [];
    for (const t of [...markdownLines, ...sourceComments]) {
      for (const m of t.text.matchAll(rootPath)) {
        const next = t.text[(m.index ?? 0) + m[0].length] ?? '';
        // Placeholders and globs (`lib/features/<name>/`, `tests/e2e/*.spec.ts`) name no one file.
        if (next !== '' && '<*{[…'.includes(next)) continue;
        if (m[0].includes('...')) continue;
        const path = m[0].replace(/[.:,]+$/, '').replace(/\/+$/, '');
        if (!known.has(path)) problems.push(at(t, `${path} does not exist`));
      }
    }
    expect(problems).toEqual([]);
  });

  it('names only files that exist when it names them without a folder', () => {
    const names = (text: string) => [...text.matchAll(bareName)].map((m) => m[0]);
    expect(names('the draft (`popup-draft.ts`, never on disk); see model.ts.')).toEqual(['popup-draft.ts', 'model.ts']);
    expect(names('lib/features/writing/model.ts, ./model.ts, *.test.ts, <name>.ts, features.js, notes.txt')).toEqual(
      [],
    );

    const problems: string[] = [];
    const pending = new Set(PENDING_NAMES);
    for (const t of [...markdownLines, ...sourceComments]) {
      for (const name of names(t.text)) {
        const file = name.replace(/\.+$/, '');
        if (knownNames.has(file) || pending.delete(`${t.file}: ${file}`)) continue;
        problems.push(at(t, `${file} is not a file of this repository`));
      }
    }
    for (const entry of pending) problems.push(`${entry}: corrected, so no longer pending`);
    expect(problems).toEqual([]);
  });

  it('links Markdown only to files that exist', () => {
    const problems: string[] = [];
    for (const t of markdownLines) {
      for (const m of t.text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        const target = m[1] ?? '';
        if (/^[a-z][a-z+.-]*:/i.test(target) || target.startsWith('/')) continue;
        const path = relative(root, join(root, dirname(t.file), target)).replace(/\/+$/, '');
        if (!known.has(path)) problems.push(at(t, `link to ${target} (${path}) does not exist`));
      }
    }
    expect(problems).toEqual([]);
  });

  it('cites docs/contract.md sections that exist, in one form', () => {
    const sections = new Set(
      [...read('docs/contract.md').matchAll(/^#{1,6} (\d+(?:\.\d+)*|D\d+) /gm)].map((m) => m[1] ?? ''),
    );
    expect(sections.has('4.1')).toBe(true);
    expect(sections.has('D1')).toBe(true);

    const problems: string[] = [];
    for (const lines of [markdownLines, sourceLines]) {
      lines.forEach((t, i) => {
        for (const m of t.text.matchAll(new RegExp(`${S}(\\S*)`, 'g'))) {
          const before = t.text.slice(0, m.index);
          // Another document's section (`RFC 5646 §4.4.1`) is not ours to check.
          if (!before.endsWith('docs/contract.md ') && /\b[A-Z]{2,}[\s-]?\d[\w.-]*\s$/.test(before)) continue;
          const cited = t.file === 'docs/contract.md' || citedAbove(lines, i, before);
          const id = /^(\d+(?:\.\d+)*|D\d+)/.exec(m[1] ?? '')?.[1];
          if (!cited) problems.push(at(t, `write the citation as ${citation}${id ?? m[1]}`));
          else if (id === undefined || !sections.has(id)) {
            problems.push(at(t, `${S}${m[1]} is not a section of docs/contract.md`));
          }
        }
      });
    }
    expect(problems).toEqual([]);
  });

  it('cites nothing that lives outside the repository', () => {
    const banned: [RegExp, string][] = [
      [/\bcontract\s+\d+(?:\.\d+)*/i, `cite as ${citation}N.N`],
      [/resolved-?gaps/i, `cite the decision as ${citation}Dn`],
      [/service-?api\.md/i, `cite ${citation}N.N`],
      [/house[- ]style(?:\.md|\s*(?:item|rule)?\s*\d)/i, 'say the reason, or cite docs/architecture.md'],
      [/shared\/(?:spec|guides)\//, 'not in the repository: cite docs/contract.md or docs/architecture.md'],
    ];
    const problems: string[] = [];
    for (const t of [...markdownLines, ...sourceLines]) {
      for (const [pattern, fix] of banned) {
        const m = pattern.exec(t.text);
        if (m) problems.push(at(t, `"${m[0]}": ${fix}`));
      }
    }
    expect(problems).toEqual([]);
  });
});

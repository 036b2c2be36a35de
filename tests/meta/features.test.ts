import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { protocol } from '../../lib/messaging/protocol.ts';

// Keeps the shape of the code and its map in step: every feature registered, documented, and wired the
// one way (one protocol, one handler per message, nothing of the worker's in a content script).

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');
const dirs = (rel: string) =>
  readdirSync(path.join(ROOT, rel)).filter((d) => statSync(path.join(ROOT, rel, d)).isDirectory());

/** Files of the shipped code (tests and benchmarks apart). */
function sourceFiles(rel: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, rel))) {
    const child = `${rel}/${name}`;
    if (statSync(path.join(ROOT, child)).isDirectory()) {
      if (name !== 'bench') out.push(...sourceFiles(child));
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(child);
  }
  return out;
}

/** Relative imports that load code at run time (`import type` is erased and does not count). */
function runtimeImports(file: string): string[] {
  const src = read(file);
  const found: string[] = [];
  const re = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm;
  for (const m of src.matchAll(re)) {
    const spec = m[1] as string;
    found.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
  }
  for (const m of src.matchAll(/import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) {
    found.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] as string)));
  }
  return found.filter((f) => /\.tsx?$/.test(f));
}

function reachableFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file) || !existsSync(path.join(ROOT, file))) continue;
    seen.add(file);
    stack.push(...runtimeImports(file));
  }
  return seen;
}

const FEATURES = dirs('lib/features');
const PAGE_SHELLS = new Set(['options', 'popup', 'ui']);
const UI_FEATURES = dirs('components').filter((d) => !PAGE_SHELLS.has(d));
const shipped = [...sourceFiles('lib'), ...sourceFiles('components'), ...sourceFiles('entrypoints')];

describe('features', () => {
  it("every feature folder has its row in docs/architecture.md's table", () => {
    const map = read('docs/architecture.md');
    const missing = [...new Set([...FEATURES, ...UI_FEATURES])].filter(
      (name) => !new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`, 'm').test(map),
    );
    expect(missing).toEqual([]);
  });

  it('every feature with UI uses the same name in lib/features and components', () => {
    const orphans = FEATURES.filter(
      (name) =>
        !UI_FEATURES.includes(name) &&
        readdirSync(path.join(ROOT, 'lib/features', name)).some((f) => f.endsWith('model.ts')),
    );
    expect(orphans).toEqual([]);
  });

  it("every feature's background.ts is set up by the worker's entry point", () => {
    const entry = read('entrypoints/background/index.ts');
    const notWired = FEATURES.filter((name) =>
      existsSync(path.join(ROOT, 'lib/features', name, 'background.ts')),
    ).filter((name) => !entry.includes(`lib/features/${name}/background.ts`));
    expect(notWired).toEqual([]);
    // The worker's own folder keeps wiring only: no feature logic.
    expect(readdirSync(path.join(ROOT, 'lib/background')).sort()).toEqual([
      'boot.ts',
      'client.ts',
      'core.ts',
      'menus.ts',
    ]);
  });

  it('no two features import each other; selection and quick translate not at all', () => {
    // Counts `import type` too: a shared type belongs in a shared place (lib/languages, lib/translate-text).
    const featureOf = (file: string) => /^(?:lib\/features|components)\/([^/]+)\//.exec(file)?.[1];
    const uses = new Map<string, Set<string>>();
    for (const file of shipped) {
      const from = featureOf(file);
      if (!from || PAGE_SHELLS.has(from)) continue;
      for (const m of read(file).matchAll(/^\s*(?:import|export)\s[^'";]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/gm)) {
        const to = featureOf(path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] as string)));
        if (to && to !== from && !PAGE_SHELLS.has(to)) uses.set(from, (uses.get(from) ?? new Set()).add(to));
      }
    }
    const both = [...uses].flatMap(([a, tos]) =>
      [...tos].filter((b) => a < b && uses.get(b)?.has(a)).map((b) => `${a} <-> ${b}`),
    );
    expect(both).toEqual([]);
    expect(uses.get('selection')?.has('quick-translate') ?? false).toBe(false);
    expect(uses.get('quick-translate')?.has('selection') ?? false).toBe(false);
  });

  it("every feature's content.ts is in the content registry", () => {
    const registry = read('lib/features/registry.ts');
    const notListed = FEATURES.filter((name) => existsSync(path.join(ROOT, 'lib/features', name, 'content.ts'))).filter(
      (name) => !registry.includes(`./${name}/content.ts`),
    );
    expect(notListed).toEqual([]);
  });
});

/** The PDF reader page (an extension page) and the page translation messages it receives besides the content script. */
const PDF_READER = 'lib/features/pdf/reader.ts';
const PDF_READER_RECEIVES = ['page.results', 'page.failed', 'page.doc', 'page.retrying'];

describe('messages', () => {
  it("every feature's messages.ts is part of the protocol, whole", async () => {
    const protocolSrc = read('lib/messaging/protocol.ts');
    for (const name of FEATURES) {
      const file = `lib/features/${name}/messages.ts`;
      if (!existsSync(path.join(ROOT, file))) continue;
      const mod = (await import(`../../${file}`)) as Record<string, unknown>;
      const maps = Object.entries(mod).filter(([key]) => key.endsWith('Messages'));
      expect(maps.length, file).toBe(1);
      const [exported, map] = maps[0] as [string, Record<string, unknown>];
      expect(protocolSrc, `${exported} spread into the protocol`).toContain(`...${exported}`);
      for (const type of Object.keys(map)) expect(Object.keys(protocol), `${file}: ${type}`).toContain(type);
    }
  });

  it('every message has exactly one handler, in the context that receives it', () => {
    const handlers = new Map<string, string[]>();
    const readerHandles: string[] = [];
    for (const file of shipped) {
      for (const m of read(file).matchAll(/\bhandle\(\s*'([^']+)'/g)) {
        const type = m[1] as string;
        if (file === PDF_READER) readerHandles.push(type);
        else handlers.set(type, [...(handlers.get(type) ?? []), file]);
      }
    }
    // Verso's PDF reader is page translation's top frame in its tab: the worker's answers reach it as they
    // reach a page's content script, and it handles nothing else.
    expect(readerHandles.sort()).toEqual([...PDF_READER_RECEIVES].sort());
    const content = reachableFrom('entrypoints/features.ts');
    const problems: string[] = [];
    for (const [type, spec] of Object.entries(protocol)) {
      const where = handlers.get(type) ?? [];
      if (where.length !== 1) {
        problems.push(`${type}: ${where.length} handlers (${where.join(', ')})`);
        continue;
      }
      const file = where[0] as string;
      const inContent = content.has(file);
      if (spec.from === 'background' && !inContent) problems.push(`${type}: handled outside content scripts (${file})`);
      if (spec.from !== 'background' && inContent) problems.push(`${type}: handled in a content script (${file})`);
    }
    for (const type of handlers.keys())
      if (!(type in protocol)) problems.push(`${type}: handled but not in the protocol`);
    expect(problems).toEqual([]);
  });
});

describe('content scripts', () => {
  // lib/features/page-translate/queue/schema.ts is the shape of a segment on its way to the queue: a schema, not the queue.
  it("reach nothing of the worker's: no credentials, client factory, queue, cache or background modules", () => {
    const reached = [...reachableFrom('entrypoints/features.ts'), ...reachableFrom('lib/bootstrap/index.ts')];
    expect(reached.length).toBeGreaterThan(10);
    const forbidden = reached.filter(
      (f) =>
        f === 'lib/settings/credentials.ts' ||
        f.startsWith('lib/background/') ||
        (f.startsWith('lib/features/page-translate/queue/') && f !== 'lib/features/page-translate/queue/schema.ts') ||
        f.startsWith('lib/features/page-translate/cache/') ||
        f === 'lib/api/client.ts' ||
        f === 'lib/api/transport.ts' ||
        /(^|\/|\.)background\.tsx?$/.test(f),
    );
    expect(forbidden).toEqual([]);
  });

  // WXT's ctx.setTimeout/setInterval leave a listener on the context's signal per timer (context-timers.ts).
  it('set their timers through contextTimers, not the context', () => {
    const offenders = shipped.filter((f) => /\bctx\.(setTimeout|setInterval)\(/.test(read(f)));
    expect(offenders).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Keeps the local service's layers as docs/local-service.md ("Layout") lays them out: app.ts wires
// http/ and routes/, which never import it back; a route reads and changes stores, never another route;
// the stores know no route; tests' helpers (testing/) are not part of the running service.

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVICE = path.join(ROOT, 'service');

/** The non-test `.ts` files of a service folder, relative to service/. */
const sources = (dir: string) =>
  readdirSync(path.join(SERVICE, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(dir, f));

/** What `file` imports from inside service/, relative to service/. */
function serviceImports(file: string): string[] {
  const text = readFileSync(path.join(SERVICE, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)]
    .map((m) => path.relative(SERVICE, path.resolve(path.dirname(path.join(SERVICE, file)), m[1]!)))
    .filter((target) => !target.startsWith('..'));
}

/** A route module: a file of routes/ that registers routes. */
const isRoute = (file: string) =>
  file.startsWith(`routes${path.sep}`) &&
  /^export function register\(/m.test(readFileSync(path.join(SERVICE, file), 'utf8'));

const violations = (files: string[], forbidden: (target: string, file: string) => boolean) =>
  files.flatMap((file) =>
    serviceImports(file)
      .filter((t) => forbidden(t, file))
      .map((t) => `${file} -> ${t}`),
  );

describe('the local service layers', () => {
  const routes = sources('routes');
  const http = sources('http');
  const stores = sources('stores');

  it('finds the folders it checks', () => {
    expect(routes.filter(isRoute).length).toBeGreaterThan(5);
    expect(http.length).toBeGreaterThan(3);
    expect(stores.length).toBeGreaterThan(3);
  });

  it('http/ and routes/ do not import app.ts', () => {
    expect(violations([...http, ...routes], (t) => t === 'app.ts')).toEqual([]);
  });

  it('no route imports another route', () => {
    expect(violations(routes, (t, file) => t !== file && isRoute(t))).toEqual([]);
  });

  it('stores import no route and no middleware', () => {
    expect(
      violations(
        stores,
        (t) =>
          t.startsWith(`routes${path.sep}`) ||
          (t.startsWith(`http${path.sep}`) && t !== path.join('http', 'errors.ts')),
      ),
    ).toEqual([]);
  });

  it('the running service does not import the test kit', () => {
    const running = [
      'app.ts',
      'listen.ts',
      'main.ts',
      'config.ts',
      ...routes,
      ...http,
      ...stores,
      ...sources('engine'),
      ...sources('data'),
    ];
    expect(violations(running, (t) => t.startsWith(`testing${path.sep}`))).toEqual([]);
  });
});

// For the benchmark launcher (scripts/bench.mjs): builds the extension into its benchmark folder when its
// sources are newer than the build there.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** The newest modification time under the folders the extension is built from. */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ['entrypoints', 'lib', 'components', 'public']) walk(path.join(root, dir));
  for (const file of ['wxt.config.ts', 'package.json'])
    newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  return newest;
}

/**
 * Runs `wxt build` into `outDir` (relative to the repository) unless its manifest is newer than every
 * source; exits the process with the build's output when the build fails.
 */
export function buildIfStale(outDir) {
  const manifest = path.join(root, outDir, 'chrome-mv3', 'manifest.json');
  if (existsSync(manifest) && statSync(manifest).mtimeMs >= newestSource()) return;
  console.error(`[bench] building the extension into ${outDir}…`);
  const build = spawnSync('npx', ['wxt', 'build'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, VERSO_OUT_DIR: outDir },
  });
  if (build.status !== 0) {
    console.error(build.stdout, build.stderr);
    process.exit(build.status ?? 1);
  }
}

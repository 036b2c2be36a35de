import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The local service's seeded paid key (docs/local-service.md). */
export const PAID_KEY = '00000000-0000-4000-8000-00000000a001';

/** The local service (service/main.ts) in test mode with `latencyMs` of latency, on a free port. */
export function startService(latencyMs: number): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'service/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', VERSO_TEST_MODE: '1', VERSO_LATENCY_MS: String(latencyMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += String(chunk);
      const found = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (found) resolve({ url: found[1]!, process: child });
    });
    child.on('exit', (code) => reject(new Error(`the local service exited (${code})`)));
  });
}

/** The characters the service has billed to the paid key so far. */
export async function charactersUsed(service: string): Promise<number> {
  const res = await fetch(`${service}/v2/usage`, { headers: { Authorization: `Service-Auth-Key ${PAID_KEY}` } });
  return ((await res.json()) as { character_count: number }).character_count;
}

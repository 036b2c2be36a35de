import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

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

/** Serves generated pages by path on a free loopback port. */
export function servePages(pages: Record<string, string>): Promise<{ port: number; server: Server }> {
  const server = createServer((req, res) => {
    const body = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (body === undefined) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ port, server });
    });
  });
}

import { createServer, type Server } from 'node:http';

/** Starts `server` on a free loopback port. */
export function listen(server: Server): Promise<{ port: number; server: Server }> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ port: typeof address === 'object' && address ? address.port : 0, server });
    });
  });
}

/**
 * Serves generated pages by path on a free loopback port. `pages` is read at each request, so a page
 * that names the port may be added once the server listens.
 */
export function servePages(pages: Record<string, string>): Promise<{ port: number; server: Server }> {
  const server = createServer((req, res) => {
    const body = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (body === undefined) return void res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  return listen(server);
}

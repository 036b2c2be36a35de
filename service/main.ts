import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { optionsFromEnv } from './config.ts';

/** `npm run service`: starts the local service and prints its keys. */
const options = optionsFromEnv();
const { app } = createApp(options);
const server = serve({ fetch: app.fetch, hostname: options.host, port: options.port }, (info) => {
  const base = `http://${options.host}:${info.port}`;
  console.log(`Verso local service listening on ${base}${options.testMode ? ' (test mode: /__control enabled)' : ''}`);
  console.log(`  paid key:  ${options.paidKey}`);
  console.log(`  free key:  ${options.freeKey}`);
  console.log(`  admin key: ${options.adminKey}`);
  console.log('State is kept in memory and is lost when the service stops.');
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}

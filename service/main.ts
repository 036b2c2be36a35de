import { optionsFromEnv } from './config.ts';
import { listen } from './listen.ts';

/** `npm run service`: starts the local service and prints its keys. */
const service = await listen(optionsFromEnv()).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const { options } = service;
console.log(
  `Verso local service listening on ${service.url}${options.testMode ? ' (test mode: /__control enabled)' : ''}`,
);
console.log(`  paid key:  ${options.paidKey}`);
console.log(`  free key:  ${options.freeKey}`);
console.log(`  admin key: ${options.adminKey}`);
console.log('State is kept in memory and is lost when the service stops.');

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    service.close().finally(() => process.exit(0));
  });
}

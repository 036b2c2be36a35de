import { Hono } from 'hono';
import { REPORTING_TAG_HEADER } from '../lib/api/endpoint.ts';
import type { ServiceOptions } from './config.ts';
import { authenticate } from './http/auth.ts';
import { faults, registerControl, requestLog } from './http/control.ts';
import type { App, AppEnv, RouteModule } from './http/env.ts';
import { errorResponse, ServiceError } from './http/errors.ts';
import { latency, rateLimit } from './http/limits.ts';
import * as admin from './routes/admin.ts';
import * as adminAnalytics from './routes/admin-analytics.ts';
import * as documents from './routes/documents.ts';
import * as glossaries from './routes/glossaries.ts';
import * as languages from './routes/languages.ts';
import * as styleRules from './routes/style-rules.ts';
import * as translate from './routes/translate.ts';
import * as translationMemories from './routes/translation-memories.ts';
import * as usage from './routes/usage.ts';
import * as write from './routes/write.ts';
import { ServiceState } from './stores/state.ts';

const modules: RouteModule[] = [
  translate,
  documents,
  glossaries,
  write,
  languages,
  usage,
  admin,
  adminAnalytics,
  styleRules,
  translationMemories,
];

export function createApp(options: ServiceOptions): { app: App; state: ServiceState } {
  const state = new ServiceState(options);
  const app: App = new Hono<AppEnv>();

  app.onError((err, c) => {
    if (err instanceof ServiceError) return errorResponse(c, err);
    console.error('[service] unexpected error', err);
    return c.json({ message: 'Internal server error' }, 500);
  });
  app.notFound((c) => c.json({ message: `No route for ${c.req.method} ${c.req.path}`, code: 'not_found' }, 404));

  app.use('*', async (c, next) => {
    c.set('state', state);
    // The extension's pages call the service from chrome-extension:// origins; a browser page of the
    // demo may too. Keys travel in a header, so CORS must allow it.
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Access-Control-Allow-Headers', `Authorization, Content-Type, ${REPORTING_TAG_HEADER}`);
    c.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
    c.header('Access-Control-Expose-Headers', 'Retry-After, Content-Disposition');
    if (c.req.method === 'OPTIONS') return c.body(null, 204);
    return next();
  });

  if (options.testMode) registerControl(app, state);
  app.get('/health', (c) => c.json({ ok: true }));

  for (const prefix of ['/v2/*', '/v3/*']) {
    if (options.testMode) app.use(prefix, requestLog(state));
    app.use(prefix, latency(state));
    if (options.testMode) app.use(prefix, faults(state));
    app.use(prefix, rateLimit(state));
    app.use(prefix, authenticate());
  }

  for (const m of modules) m.register(app, state);
  return { app, state };
}

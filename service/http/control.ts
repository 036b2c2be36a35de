import type { Context, MiddlewareHandler } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { changeLanguage, RESOURCES } from '../data/languages.ts';
import { FaultRuleSchema, isPayloadRule, type LoggedRequest } from '../stores/control.ts';
import type { ServiceState } from '../stores/state.ts';
import type { App, AppEnv } from './env.ts';
import { badRequest, notFound } from './errors.ts';
import { pause } from './limits.ts';

export type { FaultRule, LoggedRequest } from '../stores/control.ts';

/** A long-running test-mode service keeps only the newest requests. */
export const MAX_LOGGED = 10_000;

/** Status logged for a request whose client gave up before an answer (nginx's "client closed request"). */
export const CLIENT_CLOSED = 499;

function maskedHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name.toLowerCase()] = name.toLowerCase() === 'authorization' ? `****${value.slice(-4)}` : value;
  });
  return out;
}

/** The body as the log shows it, read from a clone so the route still gets the whole stream. */
async function loggedBody(request: Request): Promise<unknown> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!request.body || type.includes('multipart/')) return null;
  const text = await request.clone().text();
  if (text === '') return null;
  if (type.includes('application/json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  if (type === '' || type.includes('application/x-www-form-urlencoded')) {
    const form: Record<string, string | string[]> = {};
    for (const [k, v] of new URLSearchParams(text)) {
      const previous = form[k];
      form[k] = previous === undefined ? v : Array.isArray(previous) ? [...previous, v] : [previous, v];
    }
    return form;
  }
  return text;
}

function queryOf(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, values] of Object.entries(c.req.queries())) out[k] = values.length === 1 ? values[0]! : values;
  return out;
}

/**
 * Records every /v2 and /v3 request in arrival order, with the final status: Hono runs `onError` inside
 * the `next()` of the middleware that comes before a failing one, so `c.res` is final when it returns.
 */
export function requestLog(state: ServiceState): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const store = state.control;
    const started = performance.now();
    const entry: LoggedRequest = {
      id: store.nextId++,
      at: state.now().toISOString(),
      method: c.req.method,
      path: c.req.path,
      query: queryOf(c),
      headers: maskedHeaders(c.req.raw.headers),
      body: null,
      status: null,
      durationMs: null,
    };
    store.log.push(entry);
    if (store.log.length > MAX_LOGGED) store.log.splice(0, store.log.length - MAX_LOGGED);
    entry.body = await loggedBody(c.req.raw);
    await next();
    entry.status = c.res.status;
    entry.durationMs = Math.round(performance.now() - started);
  };
}

/** Resolves when the client disconnects (or the server closes its connections); never by a timer. */
function untilClientGone(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/**
 * Resolves true when the test releases the request (`POST /__control/release`, or a reset), false when
 * the client gave up first; never by a timer.
 */
function untilReleased(state: ServiceState, signal: AbortSignal): Promise<boolean> {
  const { held } = state.control;
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const release = () => {
      signal.removeEventListener('abort', gone);
      resolve(true);
    };
    const gone = () => {
      held.delete(release);
      resolve(false);
    };
    held.add(release);
    signal.addEventListener('abort', gone, { once: true });
  });
}

function looksLikeJson(body: string): boolean {
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/** Applies the first matching fault rule that shapes the answer (status, delay, hold, hang). */
export function faults(state: ServiceState): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const rule = state.control.takeRule(c.req.path, c.req.method, (r) => !isPayloadRule(r));
    if (!rule) return next();
    const signal = c.req.raw.signal;
    await pause(rule.delayMs ?? 0, signal);
    if (rule.hold && !(await untilReleased(state, signal))) return c.newResponse(null, CLIENT_CLOSED as StatusCode);
    if (rule.hang) {
      await untilClientGone(signal);
      return c.newResponse(null, CLIENT_CLOSED as StatusCode);
    }
    if (rule.status === undefined) return next();
    // c.newResponse keeps the headers set so far (CORS), as a real answer from the service would have.
    const status = rule.status as StatusCode;
    if (rule.retryAfter !== undefined) c.header('Retry-After', String(rule.retryAfter));
    if (rule.status === 204 || rule.status === 205 || rule.status === 304) return c.newResponse(null, status);
    const body =
      rule.body ?? JSON.stringify({ message: `Injected fault: status ${rule.status}`, code: 'injected_fault' });
    c.header('Content-Type', looksLikeJson(body) ? 'application/json' : 'text/plain; charset=utf-8');
    return c.newResponse(body, status);
  };
}

const ConfigPatch = z.strictObject({
  latencyMs: z.number().nonnegative().optional(),
  rateLimitPerSecond: z.number().nonnegative().optional(),
  documentStepMs: z.number().nonnegative().optional(),
});
type Config = Required<z.infer<typeof ConfigPatch>>;

const LanguageChangeSchema = z.strictObject({
  resource: z.enum(RESOURCES),
  lang: z.string().regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/),
  name: z.string().min(1).optional(),
  feature: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/)
    .optional(),
  status: z.enum(['stable', 'beta', 'early_access']).optional(),
  external: z.boolean().optional(),
  source: z.boolean().optional(),
  target: z.boolean().optional(),
});

async function parseJson<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw badRequest('Body must be JSON');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw badRequest('Invalid control request', z.prettifyError(parsed.error));
  return parsed.data;
}

function configOf(state: ServiceState): Config {
  const { latencyMs, rateLimitPerSecond, documentStepMs } = state.options;
  return { latencyMs, rateLimitPerSecond, documentStepMs };
}

/** The test-mode control API, `/__control/*` (docs/local-service.md "Test mode"). No authentication. */
export function registerControl(app: App, state: ServiceState): void {
  const store = state.control;

  app.post('/__control/reset', (c) => {
    state.reset();
    return c.json({ ok: true });
  });

  app.get('/__control/faults', (c) => c.json({ rules: store.rules }));
  app.post('/__control/faults', async (c) => {
    const { rules } = await parseJson(c, z.strictObject({ rules: z.array(FaultRuleSchema) }));
    store.rules.push(...rules);
    return c.json({ rules: store.rules });
  });
  app.delete('/__control/faults', (c) => {
    store.rules = [];
    return c.json({ rules: [] });
  });

  app.get('/__control/held', (c) => c.json({ held: store.held.size }));
  app.post('/__control/release', (c) => c.json({ released: store.releaseHeld() }));

  app.get('/__control/requests', (c) => {
    const prefix = c.req.query('path') ?? '';
    return c.json({ requests: store.log.filter((r) => r.path.startsWith(prefix)) });
  });
  app.delete('/__control/requests', (c) => {
    store.log = [];
    return c.json({ requests: [] });
  });

  app.get('/__control/config', (c) => c.json(configOf(state)));
  app.patch('/__control/config', async (c) => {
    const patch = await parseJson(c, ConfigPatch);
    for (const [k, v] of Object.entries(patch)) if (v !== undefined) state.options[k as keyof Config] = v;
    return c.json(configOf(state));
  });

  app.post('/__control/languages', async (c) => {
    const change = await parseJson(c, LanguageChangeSchema);
    const language = changeLanguage(state, change);
    if (!language) throw notFound(`No language ${change.lang} in resource ${change.resource}`);
    return c.json(language);
  });
}

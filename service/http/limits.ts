import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app.ts';
import type { ServiceState } from '../state.ts';

export function latency(_state: ServiceState): MiddlewareHandler<AppEnv> {
  return async (_c, next) => next();
}
export function rateLimit(_state: ServiceState): MiddlewareHandler<AppEnv> {
  return async (_c, next) => next();
}

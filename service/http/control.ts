import type { MiddlewareHandler } from 'hono';
import type { App, AppEnv } from '../app.ts';
import type { ServiceState } from '../state.ts';

export function registerControl(_app: App, _state: ServiceState): void {}
export function requestLog(_state: ServiceState): MiddlewareHandler<AppEnv> {
  return async (_c, next) => next();
}
export function faults(_state: ServiceState): MiddlewareHandler<AppEnv> {
  return async (_c, next) => next();
}

import { setTimeout as sleep } from 'node:timers/promises';
import type { MiddlewareHandler } from 'hono';
import type { ServiceState } from '../stores/state.ts';
import { keyFromHeader } from './auth.ts';
import type { AppEnv } from './env.ts';
import { ServiceError } from './errors.ts';

/**
 * Waits `ms`, or less when the client goes away (an aborted wait is not an error: the request just
 * carries on to a client that no longer listens). No timer outlives the request.
 */
export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return;
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    // aborted
  }
}

/** Simulated network latency. Read per request: the control API changes it at run time. */
export function latency(state: ServiceState): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await pause(state.options.latencyMs, c.req.raw.signal);
    return next();
  };
}

/**
 * Token bucket per API key secret: rate = burst = `rateLimitPerSecond` (0 = off). Requests without a
 * usable key pass through to authentication, which refuses them anyway.
 */
export function rateLimit(state: ServiceState): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const rate = state.options.rateLimitPerSecond;
    const secret = keyFromHeader(c.req.header('authorization'));
    if (rate <= 0 || !secret) return next();
    const map = state.rateLimits.buckets;
    // The service's clock (replaceable in tests), so a test decides how much time passed between requests.
    const now = state.now().getTime();
    const bucket = map.get(secret) ?? { tokens: rate, at: now };
    bucket.tokens = Math.min(rate, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    map.set(secret, bucket);
    if (bucket.tokens < 1) {
      throw new ServiceError(429, 'Too many requests, please wait and retry', undefined, 'too_many_requests', {
        'Retry-After': '1',
      });
    }
    bucket.tokens -= 1;
    return next();
  };
}

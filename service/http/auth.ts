import type { MiddlewareHandler } from 'hono';
import { REPORTING_TAG_HEADER } from '../../lib/api/endpoint.ts';
import type { AppEnv } from './env.ts';
import { forbidden } from './errors.ts';

const SCHEME = /^Service-Auth-Key\s+(\S+)\s*$/i;

/** The secret from `Authorization: Service-Auth-Key <KEY>`, or undefined. */
export function keyFromHeader(header: string | undefined): string | undefined {
  return header ? SCHEME.exec(header)?.[1] : undefined;
}

/**
 * Header-only authentication (docs/contract.md §5, §D1). Query or body auth is
 * refused with 403 on both tiers (the body check is in http/body.ts). Admin paths take only an admin key.
 */
export function authenticate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const state = c.get('state');
    if (c.req.query('auth_key') !== undefined)
      throw forbidden('Authentication through a query parameter is not allowed');
    const secret = keyFromHeader(c.req.header('authorization'));
    if (!secret) throw forbidden('Missing or malformed Authorization header');
    if (c.req.path.startsWith('/v2/admin')) {
      const admin = state.accounts.adminKeys.get(secret);
      if (!admin) throw forbidden('Admin endpoints need an admin key');
      c.set('admin', admin);
      c.set('account', state.accounts.accounts.get(admin.accountId)!);
      return next();
    }
    const key = state.accounts.keys.get(secret);
    if (!key) throw forbidden();
    if (key.deactivatedTime) throw forbidden('This key is deactivated');
    c.set('key', key);
    c.set('account', state.accounts.accounts.get(key.accountId)!);
    const tag = c.req.header(REPORTING_TAG_HEADER);
    if (tag) c.set('reportingTag', tag.slice(0, 200));
    return next();
  };
}

/** Paid-tier-only endpoints (text improvement). */
export function requirePaid(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get('account').tier !== 'paid') throw forbidden('This endpoint is not available on the free tier');
    return next();
  };
}

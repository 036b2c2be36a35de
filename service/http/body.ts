import type { Context } from 'hono';
import { badRequest, forbidden, tooLarge } from './errors.ts';

export type Params = Record<string, unknown>;

/**
 * Reads a JSON or URL-encoded form body into a plain object, enforcing a byte limit (413 above it).
 * Form fields that repeat (`text=a&text=b`) become arrays; form booleans stay '1'/'0' strings and
 * are coerced by the route (see `bool`). A body that carries `auth_key` is refused with 403.
 */
export async function readParams(c: Context, maxBytes = Number.POSITIVE_INFINITY): Promise<Params> {
  const declared = Number(c.req.header('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(`Request body exceeds ${maxBytes} bytes`);
  const raw = new Uint8Array(await c.req.arrayBuffer());
  if (raw.byteLength > maxBytes) throw tooLarge(`Request body exceeds ${maxBytes} bytes`);
  const text = new TextDecoder().decode(raw);
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  let params: Params;
  if (text.trim() === '') params = {};
  else if (type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw badRequest('Invalid JSON body');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('Body must be a JSON object');
    params = parsed as Params;
  } else if (type.includes('application/x-www-form-urlencoded') || type === '') {
    params = {};
    for (const [k, v] of new URLSearchParams(text)) {
      // Own fields only, defined rather than assigned: `toString=x` must not find Object.prototype's,
      // and `__proto__=x` must be a field, not a prototype change (as JSON.parse treats it).
      const prev = Object.hasOwn(params, k) ? params[k] : undefined;
      const value = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
      Object.defineProperty(params, k, { value, enumerable: true, writable: true, configurable: true });
    }
  } else {
    throw badRequest(`Unsupported content type: ${type}`);
  }
  if ('auth_key' in params) throw forbidden('Authentication through the request body is not allowed');
  return params;
}

/** A boolean from JSON (true/false) or a form ('1'/'0', 'true'/'false'). */
export function bool(value: unknown, name: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (value === '1' || value === 'true' || value === 1) return true;
  if (value === '0' || value === 'false' || value === 0) return false;
  throw badRequest(`Parameter '${name}' must be a boolean`);
}

/** A string parameter, or undefined. */
export function str(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`Parameter '${name}' must be a string`);
  return value;
}

/** A list parameter: an array, a single value, or (for tag lists) a comma-separated string. */
export function list(value: unknown, name: string, commaSeparated = false): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const items = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') throw badRequest(`Parameter '${name}' must hold strings`);
    if (commaSeparated)
      out.push(
        ...item
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
    else out.push(item);
  }
  return out;
}

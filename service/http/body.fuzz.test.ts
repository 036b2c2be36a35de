import fc from 'fast-check';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { readParams } from './body.ts';
import { errorResponse, ServiceError } from './errors.ts';

// The body parser sits in front of every JSON/form route: whatever a client sends, it must answer with
// the parsed object or a 400/403/413, never let an exception through as a 500.

const app = new Hono();
app.onError((err, c) => (err instanceof ServiceError ? errorResponse(c, err) : c.json({ message: String(err) }, 500)));
app.post('/echo/:max', async (c) => c.json(await readParams(c, Number(c.req.param('max')))));

async function post(body: Uint8Array | string, type: string | undefined, max: number, declared?: string) {
  const headers: Record<string, string> = {};
  if (type !== undefined) headers['content-type'] = type;
  if (declared !== undefined) headers['content-length'] = declared;
  const payload = typeof body === 'string' ? body : new Blob([body.slice().buffer as ArrayBuffer]);
  const res = await app.request(`/echo/${max}`, { method: 'POST', headers, body: payload });
  return { status: res.status, json: (await res.json()) as unknown };
}

const bytes = (text: string) => new TextEncoder().encode(text).byteLength;

const contentTypes = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/x-www-form-urlencoded',
    'text/plain',
    'multipart/form-data; boundary=x',
    '',
  ),
  fc.string({ maxLength: 40 }),
);

/** Names that live on Object.prototype: a parser that indexes a plain object with them misreads them. */
const prototypeNames = fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty');
const formKey = fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), prototypeNames, fc.constantFrom('text', 'a'));

const RUNS = { numRuns: 200 };

describe('readParams under arbitrary input', () => {
  it('answers 200, 400, 403 or 413 to any bytes with any content type, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 300 }),
        fc.option(contentTypes, { nil: undefined }),
        fc.integer({ min: 0, max: 400 }),
        async (body, type, max) => {
          const { status, json } = await post(body, type, max);
          expect([200, 400, 403, 413]).toContain(status);
          if (status !== 200) expect(json).toMatchObject({ message: expect.any(String) });
          else expect(json !== null && typeof json === 'object' && !Array.isArray(json)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('refuses exactly the bodies over the byte limit with 413, whatever Content-Length claims', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 30 }), { maxKeys: 6 }),
        fc.integer({ min: 0, max: 200 }),
        fc.option(fc.nat({ max: 400 }).map(String), { nil: undefined }),
        async (object, max, declared) => {
          const text = JSON.stringify(object);
          const { status } = await post(text, 'application/json', max, declared);
          const over = bytes(text) > max || (declared !== undefined && Number(declared) > max);
          if (over) expect(status).toBe(413);
          else expect(status).not.toBe(413);
        },
      ),
      RUNS,
    );
  });

  it('gives any JSON object back as it was sent (403 only for auth_key)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.oneof(fc.string(), prototypeNames), fc.jsonValue()), async (object) => {
        const text = JSON.stringify(object);
        const { status, json } = await post(text, 'application/json', 1 << 20);
        if (Object.hasOwn(object, 'auth_key')) return void expect(status).toBe(403);
        expect(status).toBe(200);
        expect(json).toEqual(JSON.parse(text));
      }),
      RUNS,
    );
  });

  it('reads any form as sent: every field once, repeated fields as arrays in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(formKey, fc.string({ maxLength: 20 })), { maxLength: 12 }), async (pairs) => {
        const form = new URLSearchParams(pairs).toString();
        const { status, json } = await post(form, 'application/x-www-form-urlencoded', 1 << 20);
        // URLSearchParams decodes what it encoded, except lone surrogates (they become U+FFFD).
        const decoded = [...new URLSearchParams(form)];
        const expected = new Map<string, string[]>();
        for (const [k, v] of decoded) expected.set(k, [...(expected.get(k) ?? []), v]);
        if (expected.has('auth_key')) return void expect(status).toBe(403);
        expect(status).toBe(200);
        const got = json as Record<string, unknown>;
        expect(Object.keys(got).sort()).toEqual([...expected.keys()].sort());
        for (const [k, values] of expected) expect(got[k]).toEqual(values.length === 1 ? values[0] : values);
      }),
      RUNS,
    );
  });

  it('answers 400 to any text that is not a JSON object under a JSON content type', async () => {
    const notObject = fc.oneof(
      fc
        .jsonValue()
        .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))
        .map((v) => JSON.stringify(v)),
      fc.string().filter((s) => s.trim() !== '' && !isJson(s)),
    );
    await fc.assert(
      fc.asyncProperty(notObject, async (text) => {
        const { status } = await post(text, 'application/json', 1 << 20);
        expect(status).toBe(400);
      }),
      RUNS,
    );
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

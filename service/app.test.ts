import { describe, expect, it } from 'vitest';
import { serviceForTests } from './testing/vitest.ts';

const svc = serviceForTests();

describe('authentication', () => {
  it('refuses a request without the header', async () => {
    const res = await fetch(`${svc.url}/v2/usage`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: expect.stringContaining('Authorization') });
  });

  it('refuses query-parameter auth even with a valid key', async () => {
    const res = await fetch(`${svc.url}/v2/usage?auth_key=${encodeURIComponent(svc.options.paidKey)}`);
    expect(res.status).toBe(403);
  });

  it('refuses an admin path for a normal key', async () => {
    const res = await fetch(`${svc.url}/v2/admin/developer-keys`, {
      headers: { Authorization: `Service-Auth-Key ${svc.options.paidKey}` },
    });
    expect(res.status).toBe(403);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';

type Local = { setAccessLevel?: (options: { accessLevel: string }) => Promise<void> };
const local = () => fakeBrowser.storage.local as unknown as Local;

/** A fresh copy of the module: it restricts storage once per context and remembers that it did. */
async function restrict(): Promise<void> {
  vi.resetModules();
  const { restrictStorageToVerso } = await import('./storage-access.ts');
  return restrictStorageToVerso();
}

beforeEach(() => fakeBrowser.reset());
afterEach(() => {
  delete local().setAccessLevel;
  vi.restoreAllMocks();
});

describe('restrictStorageToVerso', () => {
  it('sets storage.local to trusted contexts where the browser can (Chrome)', async () => {
    const calls: unknown[] = [];
    local().setAccessLevel = async (options) => {
      calls.push(options);
    };
    await restrict();
    expect(calls).toEqual([{ accessLevel: 'TRUSTED_CONTEXTS' }]);
  });

  it('skips it where storage.local has no access level (Firefox), and start-up goes on', async () => {
    expect(local().setAccessLevel).toBeUndefined();
    await expect(restrict()).resolves.toBeUndefined();
  });

  it('reports a refusal instead of throwing into start-up', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    local().setAccessLevel = () => Promise.reject(new Error('Access level not supported for this area'));
    await expect(restrict()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_SETTINGS_FILE_BYTES, pending, problem, readChosenFile } from './model.ts';

const file = (parts: BlobPart[], name = 'verso-settings.json') => new File(parts, name);

beforeEach(() => {
  pending.value = undefined;
  problem.value = undefined;
});

describe('choosing a settings file', () => {
  it('refuses a file far too large from its size, before reading it', async () => {
    let read = false;
    // A stand-in for a large file on disk: its size is known, reading it is what must not happen.
    const big = {
      name: 'huge.json',
      size: MAX_SETTINGS_FILE_BYTES + 1,
      arrayBuffer: async () => {
        read = true;
        return new ArrayBuffer(0);
      },
    } as unknown as File;
    await readChosenFile(big);
    expect(read).toBe(false);
    expect(problem.value).toEqual({ fileName: 'huge.json', message: expect.stringContaining('1,000,001 bytes') });
    expect(pending.value).toBeUndefined();
  });

  it('refuses pictures, archives and text in another encoding as not UTF-8 text', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const latin1 = new Uint8Array([...new TextEncoder().encode('{"format":"verso-settings","note":"caf'), 0xe9, 0x22]);
    const nul = new TextEncoder().encode('{"a":\u0000}');
    for (const bytes of [png, latin1, nul]) {
      problem.value = undefined;
      await readChosenFile(file([bytes], 'odd.json'));
      expect(problem.peek()?.message).toContain('not a text file in UTF-8');
      expect(pending.value).toBeUndefined();
    }
  });

  it('reads UTF-8 text and hands it to the settings-file check', async () => {
    await readChosenFile(file(['{"not": "a settings file"}'], 'other.json'));
    expect(problem.value?.fileName).toBe('other.json');
    expect(problem.value?.message).not.toContain('not a text file');
  });
});

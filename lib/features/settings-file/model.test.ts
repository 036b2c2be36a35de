import { describe, expect, it } from 'vitest';
import { Preferences } from '../../settings/schema.ts';
import { manualClock } from '../../ui/testing.ts';
import { type SettingsContent, type SettingsFile, serializeSettings, toSettingsFile } from './format.ts';
import { MAX_SETTINGS_FILE_BYTES, SettingsFileModel } from './model.ts';

const file = (parts: BlobPart[], name = 'verso-settings.json') => new File(parts, name);

function setUp() {
  const stored: { content: SettingsContent; written: SettingsFile[] } = {
    content: {
      preferences: Preferences.parse({ targetLang: 'de' }),
      siteRules: [],
      glossaryDefaults: {},
      theme: 'dark',
    },
    written: [],
  };
  const downloads: Array<{ fileName: string; text: string; type: string }> = [];
  const model = new SettingsFileModel({
    settings: {
      read: async () => stored.content,
      write: async (f) => {
        stored.written.push(f);
      },
    },
    download: (fileName, text, type) => downloads.push({ fileName, text, type }),
    clock: manualClock(Date.UTC(2026, 2, 14, 9)),
    checkSelector: () => true,
  });
  return { model, stored, downloads };
}

describe('choosing a settings file', () => {
  it('refuses a file far too large from its size, before reading it', async () => {
    const { model } = setUp();
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
    await model.readChosenFile(big);
    expect(read).toBe(false);
    expect(model.problem.value).toEqual({ fileName: 'huge.json', message: expect.stringContaining('1,000,001 bytes') });
    expect(model.pending.value).toBeUndefined();
  });

  it('refuses pictures, archives and text in another encoding as not UTF-8 text', async () => {
    const { model } = setUp();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const latin1 = new Uint8Array([...new TextEncoder().encode('{"format":"verso-settings","note":"caf'), 0xe9, 0x22]);
    const nul = new TextEncoder().encode('{"a":\u0000}');
    for (const bytes of [png, latin1, nul]) {
      model.problem.value = undefined;
      await model.readChosenFile(file([bytes], 'odd.json'));
      expect(model.problem.peek()?.message).toContain('not a text file in UTF-8');
      expect(model.pending.value).toBeUndefined();
    }
  });

  it('reads UTF-8 text and hands it to the settings-file check', async () => {
    const { model } = setUp();
    await model.readChosenFile(file(['{"not": "a settings file"}'], 'other.json'));
    expect(model.problem.value?.fileName).toBe('other.json');
    expect(model.problem.value?.message).not.toContain('not a text file');
  });
});

describe('SettingsFileModel', () => {
  it('exports the stored settings as a dated file', async () => {
    const { model, downloads, stored } = setUp();
    await model.exportFile();
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.fileName).toBe('verso-settings-2026-03-14.json');
    expect(downloads[0]?.type).toBe('application/json');
    expect(downloads[0]?.text).toBe(
      serializeSettings(toSettingsFile(stored.content, new Date(Date.UTC(2026, 2, 14, 9)))),
    );
  });

  it('shows a file before it replaces anything, and writes it only when asked', async () => {
    const { model, stored } = setUp();
    const text = serializeSettings(
      toSettingsFile({
        ...stored.content,
        theme: 'light',
        siteRules: [{ host: 'a.example', translate: 'never' }],
      }),
    );
    await model.readChosenFile(file([text]));
    expect(model.pending.value?.file.theme).toBe('light');
    expect(stored.written).toEqual([]);
    await model.applyPending();
    expect(stored.written.map((f) => f.theme)).toEqual(['light']);
    expect(model.pending.value).toBeUndefined();
    expect(model.applied.value).toBe(
      'Imported 1 site rule and your defaults (translate into German). Your keys were kept.',
    );
    model.open();
    expect(model.applied.value).toBeUndefined();
  });

  it('says so when a Verso file holds no settings it knows, and offers nothing to apply', async () => {
    const { model, stored } = setUp();
    model.readFile('a.json', serializeSettings(toSettingsFile(stored.content)));
    model.readFile('blank.json', '{"app":"verso","version":1,"exportedAt":"2026-01-01T00:00:00Z"}');
    expect(model.nothing.value).toEqual({ fileName: 'blank.json' });
    expect(model.pending.value).toBeUndefined();
    expect(model.problem.value).toBeUndefined();
    await model.applyPending();
    expect(stored.written).toEqual([]);
  });

  it('cancels a file without writing it', async () => {
    const { model, stored } = setUp();
    model.readFile('a.json', serializeSettings(toSettingsFile(stored.content)));
    model.cancelPending();
    await model.applyPending();
    expect(stored.written).toEqual([]);
  });
});

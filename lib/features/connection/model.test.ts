import { describe, expect, it } from 'vitest';
import { fakeSend } from '../../messaging/testing.ts';
import { Credentials } from '../../settings/credentials.ts';
import { ConnectionModel } from './model.ts';

const LOCAL = { serverUrl: 'http://127.0.0.1:8787', apiKey: 'local-paid-key' };

function setUp({ allow = true, apiKey = 'key-1:fx' } = {}) {
  const stored = { value: Credentials.parse({ apiKey }) };
  const asked: string[] = [];
  const send = fakeSend({
    'connection.test': () => ({ ok: true, value: { character_count: 1200, character_limit: 500000 } }),
  });
  const model = new ConnectionModel({
    send,
    credentials: {
      get: async () => stored.value,
      update: async (next) => {
        stored.value = next;
      },
    },
    allowOrigin: async (origin) => {
      asked.push(origin);
      return allow;
    },
    localService: LOCAL,
  });
  return { model, send, stored, asked };
}

describe('ConnectionModel', () => {
  it('shows the stored key; a change is unsaved until Save', async () => {
    const { model, stored } = setUp();
    await model.load();
    expect(model.apiKey.value).toBe('key-1:fx');
    expect(model.isFree()).toBe(true);
    model.change('apiKey', ' key-2 ');
    await model.save();
    expect(model.saved.value).toBe(true);
    expect(stored.value.apiKey).toBe('key-2');
    model.change('adminKey', 'admin');
    expect(model.saved.value).toBe(false);
  });

  it('first run: no key saved means a welcome, until a key is saved', async () => {
    const { model } = setUp({ apiKey: '' });
    await model.load();
    expect(model.hasSavedKey.value).toBe(false);
    model.change('apiKey', 'key-3');
    expect(model.hasSavedKey.value).toBe(false);
    await model.save();
    expect(model.hasSavedKey.value).toBe(true);
  });

  it('"Use the local service" fills in and saves its address and key, keeping a key already typed', async () => {
    const { model, stored, asked } = setUp({ apiKey: '' });
    await model.load();
    await model.connectLocalService();
    expect([model.serverUrl.value, model.apiKey.value]).toEqual([LOCAL.serverUrl, LOCAL.apiKey]);
    // Saved as the button says: the welcome goes, and the popup has a key.
    expect([stored.value.serverUrl, stored.value.apiKey]).toEqual([LOCAL.serverUrl, LOCAL.apiKey]);
    expect(asked).toEqual([new URL(LOCAL.serverUrl).origin]);
    expect([model.saved.value, model.hasSavedKey.value]).toEqual([true, true]);
    model.change('apiKey', 'my-own-key');
    await model.connectLocalService();
    expect([model.apiKey.value, stored.value.apiKey]).toEqual(['my-own-key', 'my-own-key']);
  });

  it('asks for the host permission of a custom server, and saves nothing without it', async () => {
    const { model, stored, asked } = setUp({ allow: false });
    await model.load();
    model.change('serverUrl', 'https://gateway.example:8443/deepl');
    await model.save();
    expect(asked).toEqual(['https://gateway.example:8443']);
    expect(model.fieldError.value).toMatch(/needs permission/);
    expect(stored.value.serverUrl).toBe('');
  });

  it('refuses a server address that is not http(s)', async () => {
    const { model, asked } = setUp();
    model.change('serverUrl', 'ftp://example.org');
    await model.save();
    expect(model.fieldError.value).toMatch(/http:\/\/ or https:\/\//);
    expect(asked).toEqual([]);
  });

  it('tests the key and address as typed, and says what the service answered', async () => {
    const { model, send } = setUp();
    model.change('apiKey', ' typed ');
    const testing = model.testConnection();
    expect(model.test.value.state).toBe('testing');
    await testing;
    expect(send.sent).toEqual([{ type: 'connection.test', data: { apiKey: 'typed', serverUrl: '' } }]);
    expect(model.test.value).toEqual({ state: 'ok', text: 'Connected. 1,200 of 500,000 characters used this period.' });
    send.answers['connection.test'] = () => ({ ok: false, error: { name: 'Error', code: 'auth', message: '' } });
    await model.testConnection();
    expect(model.test.value).toMatchObject({ state: 'error', error: { code: 'auth' } });
  });

  it('what the person typed before the stored values were read is kept', async () => {
    const { model } = setUp({ apiKey: 'stored-key' });
    const loading = model.load();
    model.change('apiKey', 'typed-key');
    await loading;
    expect(model.apiKey.value).toBe('typed-key');
    expect(model.hasSavedKey.value).toBe(true);
  });

  it("a test's outcome goes when the key or address it tested is changed, also one still on its way", async () => {
    const { model, send } = setUp();
    send.answers['connection.test'] = () => ({ ok: false, error: { name: 'Error', code: 'auth', message: '' } });
    model.change('apiKey', 'wrong');
    await model.testConnection();
    expect(model.test.value.state).toBe('error');
    model.change('apiKey', 'right');
    expect(model.test.value).toEqual({ state: 'idle' });

    const late = model.testConnection();
    model.change('serverUrl', 'http://127.0.0.1:9999');
    await late;
    expect(model.test.value).toEqual({ state: 'idle' });
    // The admin key is not part of the test.
    await model.testConnection();
    model.change('adminKey', 'admin');
    expect(model.test.value.state).toBe('error');
  });
});

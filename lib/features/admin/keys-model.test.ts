import { describe, expect, it } from 'vitest';
import type { DeveloperKey } from '../../api/index.ts';
import type { MessageInput } from '../../messaging/protocol.ts';
import { fakeSend } from '../../messaging/testing.ts';
import { KeysModel } from './keys-model.ts';

const devKey = (id: string, label: string, over: Partial<DeveloperKey> = {}): DeveloperKey => ({
  key_id: id,
  label,
  creation_time: '2025-01-01T00:00:00Z',
  is_deactivated: false,
  usage_limits: { characters: 1000, speech_to_text_milliseconds: null },
  ...over,
});

function setUp({ configured = true, clipboardFails = false } = {}) {
  const keys = new Map([['k1', devKey('k1', 'Web')]]);
  const copied: string[] = [];
  const change = (id: string, patch: Partial<DeveloperKey>) => {
    const next = { ...(keys.get(id) as DeveloperKey), ...patch };
    keys.set(id, next);
    return { ok: true as const, value: next };
  };
  const send = fakeSend({
    'admin.status': () => ({ ok: true, value: { configured } }),
    'admin.keys.list': () => ({ ok: true, value: [...keys.values()] }),
    'admin.keys.create': (data: MessageInput<'admin.keys.create'>) => {
      const created = devKey('k2', data.label ?? 'Service API Key');
      keys.set('k2', created);
      return { ok: true, value: { ...created, key: 'secret-2' } };
    },
    'admin.keys.rename': (data) => change(data.keyId, { label: data.label }),
    'admin.keys.limits': (data) =>
      change(data.keyId, {
        usage_limits: { characters: data.characters, speech_to_text_milliseconds: data.speechToTextMilliseconds },
      }),
    'admin.keys.deactivate': (data) => change(data.keyId, { is_deactivated: true }),
  });
  const model = new KeysModel({
    send,
    clipboard: {
      writeText: async (text) => {
        if (clipboardFails) throw new Error('denied');
        copied.push(text);
      },
    },
  });
  return { model, send, keys, copied };
}

describe('KeysModel', () => {
  it('lists the keys only with an admin key configured', async () => {
    const on = setUp();
    await on.model.open();
    expect(on.model.keys.value.map((k) => k.label)).toEqual(['Web']);
    const off = setUp({ configured: false });
    await off.model.open();
    expect(off.model.configured.value).toBe(false);
    expect(off.send.sent.map((m) => m.type)).toEqual(['admin.status']);
  });

  it('creates a key, shows its secret once, copies it, and never keeps it in the list', async () => {
    const { model, copied } = setUp();
    await model.open();
    model.setNewLabel('  Mobile ');
    expect(await model.createKey()).toBe(true);
    expect(model.newLabel.value).toBe('');
    expect(model.secret.value).toEqual({ label: 'Mobile', key: 'secret-2' });
    expect(model.keys.value.every((k) => k.key === undefined)).toBe(true);
    await model.copySecret();
    expect(copied).toEqual(['secret-2']);
    expect(model.secretCopy.value).toBe('copied');
    model.dismissSecret();
    expect(model.secret.value).toBeUndefined();
  });

  it('says when the secret could not be copied', async () => {
    const { model } = setUp({ clipboardFails: true });
    await model.open();
    await model.createKey();
    await model.copySecret();
    expect(model.secretCopy.value).toBe('failed');
  });

  it('opens one form at a time, filled from the key; the same button closes it', async () => {
    const { model, keys } = setUp();
    await model.open();
    const key = keys.get('k1') as DeveloperKey;
    model.toggleForm(key, 'limits');
    expect(model.editing.value).toMatchObject({ form: 'limits', characters: '1000', speech: '' });
    model.toggleForm(key, 'rename');
    expect(model.editing.value).toMatchObject({ form: 'rename', text: 'Web' });
    model.toggleForm(key, 'rename');
    expect(model.editing.value).toBeUndefined();
  });

  it('renames a key, and checks limits before sending them', async () => {
    const { model, send, keys } = setUp();
    await model.open();
    const key = keys.get('k1') as DeveloperKey;
    model.toggleForm(key, 'rename');
    model.type({ text: ' Website ' });
    await model.rename();
    expect(model.keys.value[0]?.label).toBe('Website');
    expect(model.editing.value).toBeUndefined();

    model.toggleForm(keys.get('k1') as DeveloperKey, 'limits');
    model.type({ characters: '-5', speech: '2.5' });
    await model.saveLimits();
    expect(Object.keys(model.editing.value?.problems ?? {})).toEqual(['characters', 'speech']);
    expect(send.sent.filter((m) => m.type === 'admin.keys.limits')).toEqual([]);
    model.type({ characters: '', speech: '0' });
    await model.saveLimits();
    expect(send.sent.at(-1)).toEqual({
      type: 'admin.keys.limits',
      data: { keyId: 'k1', characters: null, speechToTextMilliseconds: 0 },
    });
  });

  it('deactivates only once the label is typed', async () => {
    const { model, send, keys } = setUp();
    await model.open();
    model.toggleForm(keys.get('k1') as DeveloperKey, 'deactivate');
    model.type({ text: 'We' });
    await model.deactivate();
    expect(send.sent.some((m) => m.type === 'admin.keys.deactivate')).toBe(false);
    model.type({ text: 'Web' });
    expect(model.deactivationConfirmed.value).toBe(true);
    await model.deactivate();
    expect(model.keys.value[0]?.is_deactivated).toBe(true);
    expect(model.notice.value).toMatch(/deactivated/);
  });
});

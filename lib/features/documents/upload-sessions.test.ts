import { describe, expect, it } from 'vitest';
import { UploadSessions } from './upload-sessions.ts';

const bytes = (...values: number[]) => new Uint8Array(values);

function sessions(options: ConstructorParameters<typeof UploadSessions>[0] = {}) {
  let n = 0;
  return new UploadSessions<{ name: string }>({ newId: () => `u${++n}`, ...options });
}

describe('UploadSessions', () => {
  it('assembles chunks sent in order into the file', () => {
    const s = sessions();
    const id = s.begin({ name: 'a.txt' }, 5);
    expect(s.append(id, 0, bytes(1, 2))).toBe(2);
    expect(s.append(id, 1, bytes(3, 4, 5))).toBe(5);
    expect(s.take(id)).toEqual({ meta: { name: 'a.txt' }, bytes: bytes(1, 2, 3, 4, 5) });
    expect(s.size).toBe(0);
  });

  it('refuses chunks out of order, more bytes than announced, and an incomplete file', () => {
    const s = sessions();
    const a = s.begin({ name: 'a' }, 3);
    expect(() => s.append(a, 1, bytes(1))).toThrow(/out of order/);
    const b = s.begin({ name: 'b' }, 2);
    expect(() => s.append(b, 0, bytes(1, 2, 3))).toThrow(/More bytes/);
    const c = s.begin({ name: 'c' }, 2);
    s.append(c, 0, bytes(1));
    expect(() => s.take(c)).toThrow(/incomplete: 1 of 2/);
  });

  it('says the upload is lost when it does not know the id (a restarted worker)', () => {
    const s = sessions();
    expect(() => s.append('gone', 0, bytes(1))).toThrow(expect.objectContaining({ code: 'upload_lost' }));
    expect(() => s.take('gone')).toThrow(expect.objectContaining({ code: 'upload_lost' }));
  });

  it('bounds the size of a file and the number of uploads at once', () => {
    const s = sessions({ maxBytes: 10, maxSessions: 2 });
    expect(() => s.begin({ name: 'big' }, 11)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    s.begin({ name: '1' }, 1);
    s.begin({ name: '2' }, 1);
    expect(() => s.begin({ name: '3' }, 1)).toThrow(/Other uploads/);
  });

  it('drops a session that received nothing for too long', () => {
    let now = 0;
    const s = sessions({ idleMs: 1000, now: () => now });
    const id = s.begin({ name: 'a' }, 2);
    now = 900;
    s.append(id, 0, bytes(1));
    now = 1800;
    s.append(id, 1, bytes(2));
    now = 2801;
    expect(() => s.take(id)).toThrow(expect.objectContaining({ code: 'upload_lost' }));
  });

  it('cancels', () => {
    const s = sessions();
    const id = s.begin({ name: 'a' }, 1);
    s.cancel(id);
    expect(s.size).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { nameOf, originNeeded, type ReaderDeps, ReaderModel } from './model.ts';

function deps(over: Partial<ReaderDeps> = {}) {
  const calls: string[] = [];
  const d: ReaderDeps = {
    fetchPdf: async (url) => {
      calls.push(`fetch ${url}`);
      return new Uint8Array([37, 80, 68, 70]);
    },
    hasAccess: async () => true,
    requestAccess: async (origin) => {
      calls.push(`request ${origin}`);
      return true;
    },
    open: async (_data, password) =>
      password === 'right' || password === undefined ? { pages: 3 } : { kind: 'password', wrong: true },
    ...over,
  };
  return { d, calls };
}

describe('ReaderModel', () => {
  it('opens a PDF from its URL', async () => {
    const { d, calls } = deps();
    const model = new ReaderModel(d);
    await model.openUrl('https://example.org/papers/a%20b.pdf');
    expect(calls).toEqual(['fetch https://example.org/papers/a%20b.pdf']);
    expect(model.state.value).toEqual({ kind: 'ready', pages: 3, name: 'a b.pdf' });
  });

  it('asks for the one origin only on the person’s Allow', async () => {
    let granted = false;
    const { d, calls } = deps({ hasAccess: async () => granted });
    const model = new ReaderModel(d);
    await model.openUrl('https://example.org/doc');
    expect(model.state.value).toEqual({ kind: 'permission', origin: 'https://example.org' });
    expect(calls).toEqual([]);
    granted = true;
    await model.allow();
    expect(calls).toEqual(['request https://example.org', 'fetch https://example.org/doc']);
    expect(model.state.value.kind).toBe('ready');
  });

  it('a password, a wrong one, then the right one', async () => {
    const opens: Array<string | undefined> = [];
    const { d } = deps({
      open: async (_data, password) => {
        opens.push(password);
        return password === 'right' ? { pages: 1 } : { kind: 'password', wrong: password !== undefined };
      },
    });
    const model = new ReaderModel(d);
    await model.openFile(new Uint8Array([1, 2, 3]), 'locked.pdf');
    expect(model.state.value).toEqual({ kind: 'password', wrong: false });
    await model.submitPassword('wrong');
    expect(model.state.value).toEqual({ kind: 'password', wrong: true });
    await model.submitPassword('right');
    expect(model.state.value).toEqual({ kind: 'ready', pages: 1, name: 'locked.pdf' });
    expect(opens).toEqual([undefined, 'wrong', 'right']);
  });

  it('a damaged file and a failed fetch say so', async () => {
    const damaged = new ReaderModel(
      deps({ open: async () => ({ kind: 'damaged', message: 'Invalid PDF structure.' }) }).d,
    );
    await damaged.openFile(new Uint8Array([1]), 'x.pdf');
    expect(damaged.state.value).toEqual({ kind: 'error', reason: 'damaged', detail: 'Invalid PDF structure.' });
    const gone = new ReaderModel(
      deps({
        fetchPdf: async () => {
          throw Object.assign(new Error('HTTP 404'), { status: 404 });
        },
      }).d,
    );
    await gone.openUrl('https://example.org/x.pdf');
    expect(gone.state.value).toEqual({ kind: 'error', reason: 'fetch', detail: '404' });
  });

  it('names the origin a URL needs, none for a local file', () => {
    expect(originNeeded('https://a.example:8443/x.pdf')).toBe('https://a.example:8443');
    expect(originNeeded('file:///home/me/x.pdf')).toBeUndefined();
    expect(nameOf('https://a.example/')).toBe('a.example');
  });
});

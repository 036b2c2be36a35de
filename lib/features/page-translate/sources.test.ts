import { describe, expect, it } from 'vitest';
import { SourceIndex } from './sources.ts';

describe('SourceIndex', () => {
  it('lets the first unit of a source lead and the others follow it', () => {
    const index = new SourceIndex<string>();
    const key = SourceIndex.key('text', 'Read more');
    expect(index.join(key, 'a')).toEqual({ kind: 'lead' });
    expect(index.join(key, 'b')).toEqual({ kind: 'follow' });
    expect(index.join(key, 'c')).toEqual({ kind: 'follow' });
    expect(index.answer(key, 'Mehr lesen')).toEqual(['b', 'c']);
    // Known from now on: later units need no request.
    expect(index.join(key, 'd')).toEqual({ kind: 'known', text: 'Mehr lesen' });
  });

  it('keeps sources of different groups apart', () => {
    const index = new SourceIndex<string>();
    expect(index.join(SourceIndex.key('text', 'Home'), 'a')).toEqual({ kind: 'lead' });
    expect(index.join(SourceIndex.key('attr', 'Home'), 'b')).toEqual({ kind: 'lead' });
  });

  it('fails followers with their lead, and lets them follow it again when it is sent again', () => {
    const index = new SourceIndex<string>();
    const key = SourceIndex.key('text', 'Save');
    index.join(key, 'a');
    index.join(key, 'b');
    expect(index.fail(key)).toEqual(['b']);
    index.rejoin(key, ['b']);
    expect(index.join(key, 'c')).toEqual({ kind: 'follow' });
    expect(index.answer(key, 'Sichern')).toEqual(['b', 'c']);
  });

  it('bounds the answers it keeps', () => {
    const index = new SourceIndex<string>(2);
    for (const text of ['a', 'b', 'c']) {
      const key = SourceIndex.key('text', text);
      index.join(key, text);
      index.answer(key, text.toUpperCase());
    }
    expect(index.join(SourceIndex.key('text', 'a'), 'x')).toEqual({ kind: 'lead' });
    expect(index.join(SourceIndex.key('text', 'c'), 'y')).toEqual({ kind: 'known', text: 'C' });
  });
});

import { describe, expect, it } from 'vitest';
import { docOf, KnownSegments } from './known.background.ts';

describe('KnownSegments', () => {
  it('answers which ids of the current document it does not hold', () => {
    const known = new KnownSegments();
    expect(known.add(1, ['d1.1', 'd1.2', 'd1.3'])).toBe(false);
    known.remove(1, ['d1.2']);
    expect(known.unknown(1, 'd1', ['d1.1', 'd1.2', 'd1.3', 'd1.4'])).toEqual(['d1.2', 'd1.4']);
    expect(known.count(1)).toBe(2);
  });

  it('treats every id as unknown for another document or another tab', () => {
    const known = new KnownSegments();
    known.add(1, ['d1.1']);
    expect(known.unknown(1, 'd2', ['d2.1'])).toEqual(['d2.1']);
    expect(known.unknown(2, 'd1', ['d1.1'])).toEqual(['d1.1']);
  });

  it('reports a new document replacing the old one, and forgets the old ids', () => {
    const known = new KnownSegments();
    known.add(1, ['old.1', 'old.2']);
    expect(known.begin(1, 'new')).toBe(true);
    expect(known.begin(1, 'new')).toBe(false);
    expect(known.docOfTab(1)).toBe('new');
    expect(known.count(1)).toBe(0);
    expect(known.add(1, ['other.1'])).toBe(true);
    expect(known.isCurrent(1, 'other')).toBe(true);
    expect(known.isCurrent(1, 'new')).toBe(false);
  });

  it('forgets a closed tab', () => {
    const known = new KnownSegments();
    known.add(3, ['d.1']);
    known.forgetTab(3);
    expect(known.docOfTab(3)).toBeUndefined();
    expect(known.isCurrent(3, 'anything')).toBe(true);
  });

  it('reads the document from a segment id', () => {
    expect(docOf('abc123.1f')).toBe('abc123');
    expect(docOf('no-dot')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import type { PageSegment } from './messages.ts';
import { Outgoing } from './outgoing.ts';

const seg = (i: number, text = `Text ${i}`): PageSegment => ({
  id: `doc.${i}`,
  text,
  group: 'attr',
  priority: 'background',
});

describe('Outgoing', () => {
  it('sends what it gathered in bounded messages, in order, with the resume flag', () => {
    const sent: Array<{ ids: string[]; resume: boolean }> = [];
    const out = new Outgoing((segments, resume) => sent.push({ ids: segments.map((s) => s.id), resume }));
    for (let i = 0; i < 1201; i++) out.push(seg(i));
    expect(out.size).toBe(1201);
    out.flush(true);
    expect(out.size).toBe(0);
    expect(sent.map((m) => m.ids.length)).toEqual([500, 500, 201]);
    expect(sent.every((m) => m.resume)).toBe(true);
    expect(sent.flatMap((m) => m.ids)).toEqual(Array.from({ length: 1201 }, (_, i) => `doc.${i}`));
  });

  it('cuts messages by text size too, and sends nothing when empty', () => {
    const sent: number[] = [];
    const out = new Outgoing((segments) => sent.push(segments.length));
    out.flush();
    expect(sent).toEqual([]);
    for (let i = 0; i < 3; i++) out.push(seg(i, 'x'.repeat(600_000)));
    out.flush();
    expect(sent).toEqual([1, 1, 1]);
  });
});

describe('Outgoing.flush of one group', () => {
  it('sends the text with markup now and keeps the attributes for the next flush, in order', () => {
    const sent: string[][] = [];
    const out = new Outgoing((segments) => sent.push(segments.map((s) => s.id)));
    const html = (i: number): PageSegment => ({ ...seg(i), group: 'html' });
    out.push(html(0));
    out.push(seg(1));
    out.push(html(2));
    out.push(seg(3));
    out.flush(false, 'html');
    expect(sent).toEqual([['doc.0', 'doc.2']]);
    expect(out.size).toBe(2);
    out.push(seg(4));
    out.flush();
    expect(sent).toEqual([
      ['doc.0', 'doc.2'],
      ['doc.1', 'doc.3', 'doc.4'],
    ]);
  });
});

describe('Outgoing.flushFull', () => {
  it('sends whole requests of each group and keeps the rest until the last flush', () => {
    const sent: PageSegment[][] = [];
    const out = new Outgoing((segments) => sent.push(segments));
    for (let i = 0; i < 120; i++) out.push(seg(i));
    for (let i = 0; i < 30; i++) out.push({ ...seg(1000 + i), group: 'html' });
    out.flushFull();
    expect(sent.flat()).toHaveLength(100);
    expect(sent.flat().every((s) => s.group === 'attr')).toBe(true);
    expect(out.size).toBe(50);
    out.flush();
    expect(sent.flat()).toHaveLength(150);
    expect(out.size).toBe(0);
  });
});

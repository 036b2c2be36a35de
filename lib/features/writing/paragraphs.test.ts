import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRephraseBody } from '../../api/body.ts';
import { MAX_WRITE_BODY_BYTES } from '../../api/limits.ts';
import { utf8Length } from '../../api/utf8.ts';
import { planWriteRequests } from './paragraphs.ts';

const params = { target_lang: 'en-US', writing_style: 'business' as const };
const base = utf8Length(buildRephraseBody({ ...params, text: [] }));
const bodyOf = (text: string[]) => utf8Length(buildRephraseBody({ ...params, text }));
/** What a service that changes nothing would answer. */
const echo = (batches: string[][]) => batches.map((b) => [...b]);

describe('planWriteRequests', () => {
  it('sends a text that fits whole, in one request, with whitespace at its ends kept aside', () => {
    const plan = planWriteRequests('  First paragraph.\n\nSecond one.\n  Third.  \n', base);
    expect(plan.batches).toEqual([['First paragraph.\n\nSecond one.\n  Third.']]);
    expect(plan.join([['A.\n\nB.']])).toBe('  A.\n\nB.  \n');
  });

  it('sends nothing for whitespace only', () => {
    const plan = planWriteRequests(' \n\n \t', base);
    expect(plan.batches).toEqual([]);
    expect(plan.join([])).toBe(' \n\n \t');
  });

  it('splits a long text into several requests of at most 10 KiB each and stitches them in order', () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} has teh word ${'é'.repeat(300)}.`);
    const text = paragraphs.join('\n\n');
    const plan = planWriteRequests(text, base);
    expect(plan.batches.length).toBeGreaterThan(1);
    for (const batch of plan.batches) expect(bodyOf(batch)).toBeLessThanOrEqual(MAX_WRITE_BODY_BYTES);
    // Cuts fall between paragraphs only: the entries are whole paragraphs, in order.
    expect(plan.batches.flatMap((b) => b.flatMap((entry) => entry.split('\n\n')))).toEqual(paragraphs);
    const improved = plan.batches.map((b) => b.map((p) => p.replaceAll('teh', 'the')));
    expect(plan.join(improved)).toBe(text.replaceAll('teh', 'the'));
  });

  it('cuts a paragraph larger than a request between sentences', () => {
    const sentence = `This sentence is long enough to matter ${'x'.repeat(80)}. `;
    const text = sentence.repeat(200).trimEnd();
    const plan = planWriteRequests(text, base);
    expect(plan.batches.length).toBeGreaterThan(1);
    for (const batch of plan.batches) {
      expect(bodyOf(batch)).toBeLessThanOrEqual(MAX_WRITE_BODY_BYTES);
      for (const entry of batch) expect(entry.endsWith('.')).toBe(true);
      expect(batch).toHaveLength(1);
    }
    expect(plan.join(echo(plan.batches))).toBe(text);
  });

  it('cuts a run without spaces between whole emoji sequences', () => {
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}\u200d\u{1f466}';
    // 15,000 bytes and more: several requests. The letters in front move where the byte limit falls.
    for (const letters of ['', 'abc', 'abcdefgh', 'abcdefghijklm']) {
      const text = letters + family.repeat(600);
      const plan = planWriteRequests(text, base);
      expect(plan.batches.length).toBeGreaterThan(1);
      for (const [entry = ''] of plan.batches) expect(entry.replace(letters, '').split(family).join('')).toBe('');
      expect(plan.join(echo(plan.batches))).toBe(text);
    }
  });

  it('measures encoded bytes, escapes included', () => {
    const text = Array.from({ length: 30 }, () => `"quoted" \\ ${'漢'.repeat(200)}`).join('\n');
    const plan = planWriteRequests(text, base);
    for (const batch of plan.batches) expect(bodyOf(batch)).toBeLessThanOrEqual(MAX_WRITE_BODY_BYTES);
    expect(plan.join(echo(plan.batches))).toBe(text);
  });

  it('round-trips any text within the limit of every request', () => {
    const chunk = fc.constantFrom('word', ' ', '\n', '\n\n', '  ', 'é', '"', '漢字', 'Sentence. ', '\t');
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 400 }), fc.integer({ min: 60, max: 400 }), (parts, max) => {
        const text = parts.join('');
        const plan = planWriteRequests(text, base, base + max);
        for (const batch of plan.batches) {
          expect(bodyOf(batch)).toBeLessThanOrEqual(base + max);
          for (const entry of batch) expect(entry.trim()).toBe(entry);
          for (const entry of batch) expect(entry).not.toBe('');
        }
        expect(plan.join(echo(plan.batches))).toBe(text);
      }),
    );
  });

  it('refuses results that do not match what was sent', () => {
    const plan = planWriteRequests('One.\nTwo.', base);
    expect(() => plan.join([['One.'], ['Two.']])).toThrow(/different number/);
    expect(() => plan.join([['One.', 'Two.']])).toThrow(/different number/);
  });
});

import { effect } from '@preact/signals';
import { describe, expect, it, vi } from 'vitest';
import { passSlicing } from '../page-translate/yield.ts';
import { CHECK_AT_ONCE_CHARS, EntriesModel } from './entries-model.ts';

const createEntriesModel = ({ slicing = passSlicing } = {}) => new EntriesModel({ slicing });

describe('entries model', () => {
  it('shows problems of a loaded file, takes its format from the name, and sends nothing while one is left', () => {
    const m = createEntriesModel();
    m.setText('typed\tbefore');
    m.loadFile('terms.csv', 'a,b\n"open,c\nd,e');
    expect(m.state.value.format).toBe('csv');
    expect(m.showProblems.value).toBe(true);
    expect(m.badLines.value.map((p) => p.line)).toEqual([2]);
    expect(m.validTsv()).toBeUndefined();

    m.fixLine(2, '"open",c');
    expect(m.blocked.value).toBe(false);
    expect(m.validTsv()).toBe('a\tb\nopen\tc\nd\te');
  });

  it('skips bad lines, and cancel brings back what was there before the file', () => {
    const m = createEntriesModel();
    m.setText('typed\tbefore');
    m.loadFile('x.txt', 'a\tb\nbad\n\tc');
    expect(m.state.value.format).toBe('tsv');
    m.skipBadLines();
    expect(m.result.value.entries).toEqual([{ source: 'a', target: 'b' }]);
    m.cancel();
    expect(m.result.value.entries).toEqual([{ source: 'typed', target: 'before' }]);
    expect(m.importing.value).toBe(false);
  });

  it('asks about a header row of a loaded file: skipped, it is no entry; kept, it is one', () => {
    const m = createEntriesModel();
    m.setPair({ source_lang: 'en', target_lang: 'de' });
    m.loadFile('terms.csv', 'source,target\nhouse,Haus');
    expect(m.header.value).toBe(1);
    // Nothing is sent while the question is open.
    expect(m.validTsv()).toBeUndefined();
    m.skipHeader();
    expect(m.header.value).toBeUndefined();
    expect(m.validTsv()).toBe('house\tHaus');

    m.loadFile('names.csv', 'English,German\nhouse,Haus');
    expect(m.header.value).toBe(1);
    m.keepHeader();
    expect(m.validTsv()).toBe('English\tGerman\nhouse\tHaus');

    // Typed text is what the person means: no question.
    m.setText('source\ttarget');
    expect(m.header.value).toBeUndefined();
  });

  it('reads a file with the separator found in it, and again with the one the person chooses', () => {
    const m = createEntriesModel();
    m.loadFile('Excel.csv', 'Haus;house\nRechnung;invoice, bill\nAuto;car');
    expect(m.separator.value).toBe(';');
    expect([m.separatorChoice.value, m.detectedSeparator.value]).toEqual(['auto', ';']);
    expect(m.badLines.value).toEqual([]);
    expect(m.validTsv()).toBe('Haus\thouse\nRechnung\tinvoice, bill\nAuto\tcar');

    // The same lines, read with commas: nothing is picked again.
    m.chooseSeparator(',');
    expect(m.separator.value).toBe(',');
    expect(m.badLines.value.map((p) => p.line)).toEqual([1, 2, 3]);
    m.chooseSeparator('auto');
    expect(m.separator.value).toBe(';');
    // An edit keeps the separator; a new file is read with its own.
    m.fixLine(3, 'Auto;car, wagon');
    expect(m.result.value.entries.at(-1)).toEqual({ source: 'Auto', target: 'car, wagon' });
    m.setText('Haus;house');
    expect(m.separator.value).toBe(';');
    m.loadFile('terms.txt', 'Haus\thouse');
    expect(m.separator.value).toBe('\t');
  });

  it('needs at least one entry', () => {
    const m = createEntriesModel();
    expect(m.validTsv()).toBeUndefined();
    expect(m.showProblems.value).toBe(true);
  });

  it('checks CSV lines against the chosen pair', () => {
    const m = createEntriesModel();
    m.setPair({ source_lang: 'en', target_lang: 'de' });
    m.setFormat('csv');
    m.setText('a,b,en,de\nc,d,en,fr');
    expect(m.result.value.entries).toEqual([{ source: 'a', target: 'b' }]);
    expect(m.result.value.ignoredLines).toEqual([2]);
  });
});

describe('entries model: long files', () => {
  const slow = { yieldNow: () => new Promise<void>((resolve) => setTimeout(resolve, 0)), sliceMs: 0 };
  const lines = (count: number, from = 0) =>
    Array.from({ length: count }, (_, i) => `term number ${from + i} in the long list\tBegriff ${from + i}`).join('\n');

  it('checks a long file in slices: progress shown, nothing sendable until done, then every entry', async () => {
    const m = createEntriesModel({ slicing: slow });
    const text = `${lines(3_000)}\nno tab on this line`;
    expect(text.length).toBeGreaterThan(CHECK_AT_ONCE_CHARS);
    m.loadFile('long.tsv', text);
    expect(m.checking.value).toBeDefined();
    expect(m.blocked.value).toBe(true);
    expect(m.validTsv()).toBeUndefined();
    // Every progress the model reports, as it reports it (not sampled by a timer).
    const seen: number[] = [];
    const stopWatching = effect(() => {
      if (m.checking.value) seen.push(m.checking.value.checked);
    });
    // The check takes thousands of task turns: a second or more on a busy machine. The limit guards a hang.
    await vi.waitFor(() => expect(m.checking.value).toBeUndefined(), { timeout: 10_000 });
    stopWatching();
    expect(seen.some((n) => n > 0 && n < 3_001)).toBe(true);
    expect(m.result.value.entries).toHaveLength(3_000);
    expect(m.badLines.value).toEqual([{ line: 3_001, reasons: [expect.stringContaining('found 1 field')] }]);
    m.skipBadLines();
    await vi.waitFor(() => expect(m.checking.value).toBeUndefined(), { timeout: 10_000 });
    expect(m.validTsv()?.split('\n')).toHaveLength(3_000);
  });

  it('a newer text wins over a check still running', async () => {
    const m = createEntriesModel({ slicing: slow });
    m.loadFile('first.tsv', lines(3_000));
    m.loadFile('second.tsv', lines(3_100, 10_000));
    // The check takes thousands of task turns: a second or more on a busy machine. The limit guards a hang.
    await vi.waitFor(() => expect(m.checking.value).toBeUndefined(), { timeout: 10_000 });
    expect(m.result.value.entries).toHaveLength(3_100);
    expect(m.result.value.entries[0]?.target).toBe('Begriff 10000');
    // Short again: checked at once.
    m.cancel();
    expect(m.checking.value).toBeUndefined();
    expect(m.result.value.entries).toEqual([]);
  });

  it('dispose stops a check still running', async () => {
    // Each slice waits until the test lets it go: the check is certainly still running at the dispose.
    const gates: Array<() => void> = [];
    const gated = { yieldNow: () => new Promise<void>((resolve) => gates.push(resolve)), sliceMs: 0 };
    const m = createEntriesModel({ slicing: gated });
    m.loadFile('long.tsv', lines(3_000));
    await vi.waitFor(() => expect(gates).toHaveLength(1));
    m.dispose();
    gates[0]!();
    // By the next task, whatever the released slice set off has run: no further slice, no result.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(gates).toHaveLength(1);
    expect(m.result.value.entries).toEqual([]);
  });
});

describe('entries model: files and line fixes', () => {
  const file = (bytes: BlobPart[], name: string) => new File(bytes, name);

  it('loads a picked file, and refuses one that is not UTF-8, offering Windows-1252', async () => {
    const m = createEntriesModel();
    await m.readFile(file(['a\tb\nc\td'], 'terms.tsv'));
    expect(m.result.value.entries).toHaveLength(2);
    expect(m.fileOutcome.value).toBeUndefined();

    const latin1 = file([new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x09, 0x43, 0x61, 0x66, 0xe9])], 'cafe.tsv');
    await m.readFile(latin1);
    expect(m.fileOutcome.value).toMatchObject({ kind: 'refused', refusal: { kind: 'not-utf8' }, legacy: latin1 });
    await m.readFile(latin1, 'windows-1252');
    expect(m.fileOutcome.value).toEqual({ kind: 'read', fileName: 'cafe.tsv', encoding: 'windows-1252' });
    expect(m.result.value.entries).toEqual([{ source: 'café', target: 'Café' }]);
  });

  it('keeps the correction typed for a bad line until that line changes', () => {
    const m = createEntriesModel();
    m.loadFile('x.tsv', 'bad one\nbad two');
    expect(m.lineDraft(1)).toBe('bad one');
    m.setLineDraft(1, 'bad\tone');
    m.setLineDraft(2, 'bad\ttwo?');
    m.fixLine(1, m.lineDraft(1));
    expect(m.lineDraft(1)).toBe('bad\tone');
    expect(m.lineDraft(2)).toBe('bad\ttwo?');
    expect(m.badLines.value.map((p) => p.line)).toEqual([2]);
  });
});

import { describe, expect, it } from 'vitest';
import { createEntriesModel } from './entries-model.ts';

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

  it('needs at least one entry', () => {
    const m = createEntriesModel();
    expect(m.validTsv()).toBeUndefined();
    expect(m.showProblems.value).toBe(true);
  });

  it('checks CSV lines against the chosen pair', () => {
    const m = createEntriesModel();
    m.pair.value = { source_lang: 'en', target_lang: 'de' };
    m.setFormat('csv');
    m.setText('a,b,en,de\nc,d,en,fr');
    expect(m.result.value.entries).toEqual([{ source: 'a', target: 'b' }]);
    expect(m.result.value.ignoredLines).toEqual([2]);
  });
});

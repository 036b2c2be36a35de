import { describe, expect, it } from 'vitest';
import {
  check,
  detectSeparator,
  fixLine,
  formatFromFileName,
  fromText,
  headerLine,
  lineText,
  problemsByLine,
  separatorFromFileName,
  separatorOf,
  skipLines,
  textOf,
  withSeparator,
} from './import-session.ts';

const FILE = ['Haus\thouse', '\tempty source', 'Baum\ttree', 'no tab here', 'Haus\tdwelling', 'Auto\tcar'].join('\r\n');

describe('import session', () => {
  it('numbers lines as the parser does, after a byte-order mark and across line endings', () => {
    const state = fromText(`\uFEFF${FILE}`, 'tsv', 'words.tsv');
    expect(state.fileName).toBe('words.tsv');
    expect(lineText(state, 4)).toBe('no tab here');
    const parsed = check(state);
    expect(parsed.entries.map((e) => e.source)).toEqual(['Haus', 'Baum', 'Auto']);
    expect(problemsByLine(parsed.problems).map((p) => p.line)).toEqual([2, 4, 5]);
  });

  it('skipping the bad lines leaves the good entries and no problems, with the other lines unchanged', () => {
    const state = fromText(FILE, 'tsv');
    const bad = problemsByLine(check(state).problems).map((p) => p.line);
    const skipped = skipLines(state, bad);
    expect(skipped.skipped).toEqual([2, 4, 5]);
    const parsed = check(skipped);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toEqual([
      { source: 'Haus', target: 'house' },
      { source: 'Baum', target: 'tree' },
      { source: 'Auto', target: 'car' },
    ]);
    expect(lineText(skipped, 6)).toBe('Auto\tcar');
  });

  it('fixing a line re-checks it in place and keeps the numbering of the lines below', () => {
    let state = fromText(FILE, 'tsv');
    state = fixLine(state, 4, 'Rad\twheel\nextra');
    expect(lineText(state, 4)).toBe('Rad\twheel extra');
    state = fixLine(state, 4, 'Rad\twheel');
    const parsed = check(state);
    expect(problemsByLine(parsed.problems).map((p) => p.line)).toEqual([2, 5]);
    expect(parsed.entries.map((e) => e.source)).toContain('Rad');
    expect(fixLine(state, 99, 'x\ty')).toBe(state);
  });

  it('gathers several reasons of one line', () => {
    const grouped = problemsByLine(check(fromText(' a\t b ', 'tsv')).problems);
    expect(grouped).toHaveLength(1);
    expect(grouped[0]!.reasons).toHaveLength(2);
  });

  it('checks CSV with the pair, ignoring lines of another pair', () => {
    const state = fromText('"a,b",x\nc,d,en,fr\ne,f,en,de', 'csv');
    const parsed = check(state, { source_lang: 'en', target_lang: 'de' });
    expect(parsed.entries).toEqual([
      { source: 'a,b', target: 'x' },
      { source: 'e', target: 'f' },
    ]);
    expect(parsed.ignoredLines).toEqual([2]);
    expect(textOf(state)).toBe('"a,b",x\nc,d,en,fr\ne,f,en,de');
  });

  it('guesses the format from the file name', () => {
    expect(formatFromFileName('terms.CSV')).toBe('csv');
    expect(formatFromFileName('terms.tsv')).toBe('tsv');
    expect(formatFromFileName('terms.txt')).toBeUndefined();
    expect(separatorFromFileName('terms.csv')).toBe(',');
    expect(separatorFromFileName('terms.tab')).toBe('\t');
    expect(separatorFromFileName('terms.txt')).toBeUndefined();
  });
});

describe('detectSeparator', () => {
  it('finds commas, semicolons and tabs', () => {
    expect(detectSeparator('house,Haus\ncar,Auto')).toBe(',');
    expect(detectSeparator('Haus;house\nAuto;car')).toBe(';');
    expect(detectSeparator('\uFEFFHaus\thouse\r\nAuto\tcar\r\n')).toBe('\t');
    // The name does not decide against the content: a German spreadsheet's ".csv" has semicolons.
    expect(detectSeparator('Haus;house\nAuto;car', ',')).toBe(';');
  });

  it('is not misled by the other separators inside the text', () => {
    // Commas in the phrases of a semicolon file, quoted or not (an unquoted one leaves a phrase with a
    // leading space, which no entry may have).
    const german = 'Haus;house\nGebäude;"building, house"\nRechnung;invoice, bill\nAuto;car';
    expect(detectSeparator(german, ',')).toBe(';');
    // Semicolons inside the quoted phrases of a comma file.
    expect(detectSeparator('"Haus; Hof",house and yard\n"Auto;Wagen",car', ';')).toBe(',');
    // Commas and semicolons inside a tab file.
    expect(detectSeparator('Haus, Hof\thouse; yard\nAuto\tcar, wagon', ',')).toBe('\t');
    // A CSV line with the pair in fields 3 and 4.
    expect(detectSeparator('Haus;house;de;en\nAuto;car;de;en')).toBe(';');
  });

  it('keeps the name’s separator on a tie and for a single column', () => {
    expect(detectSeparator('a;b,c', ';')).toBe(';');
    expect(detectSeparator('a;b,c', ',')).toBe(',');
    expect(detectSeparator('Haus\nAuto\nRechnung')).toBe(',');
    expect(detectSeparator('Haus\nAuto', '\t')).toBe('\t');
    expect(detectSeparator('')).toBe(',');
  });

  it('reads the same lines with another separator', () => {
    const state = withSeparator(fromText('Haus;"Hof, Garten"\nAuto;car', 'csv'), ';');
    expect(separatorOf(state)).toBe(';');
    expect(check(state).entries).toEqual([
      { source: 'Haus', target: 'Hof, Garten' },
      { source: 'Auto', target: 'car' },
    ]);
    const comma = withSeparator(state, ',');
    expect(comma.delimiter).toBeUndefined();
    expect(check(comma).problems.map((p) => p.line)).toEqual([1, 2]);
    expect(separatorOf(withSeparator(state, '\t'))).toBe('\t');
  });
});

describe('header rows', () => {
  const csv = (text: string) => fromText(text, 'csv', 'terms.csv');

  it('finds column names in the first non-empty line, CSV or TSV, two or four columns', () => {
    expect(headerLine(csv('source,target\nhouse,Haus'))).toBe(1);
    expect(headerLine(csv('\nSource , Target\nhouse,Haus'))).toBe(2);
    expect(headerLine(csv('source,target,source_lang,target_lang\nhouse,Haus,en,de'))).toBe(1);
    expect(headerLine(csv('"Source term","Target term"\nhouse,Haus'))).toBe(1);
    expect(headerLine(fromText('term\ttranslation\nhouse\tHaus', 'tsv'))).toBe(1);
  });

  it('finds the languages of the pair named in the first line, by code or by name in any of its languages', () => {
    const pair = { source_lang: 'en', target_lang: 'de' };
    expect(headerLine(csv('English,German\nhouse,Haus'), pair)).toBe(1);
    expect(headerLine(csv('EN,DE\nhouse,Haus'), pair)).toBe(1);
    expect(headerLine(csv('Englisch,Deutsch\nhouse,Haus'), pair, 'de')).toBe(1);
    expect(headerLine(csv('english,deutsch\nhouse,Haus'), pair)).toBe(1);
    // Without a pair chosen, common language names still count.
    expect(headerLine(csv('English,French\nhouse,maison'))).toBe(1);
  });

  it('leaves entries alone, language words that are entries included', () => {
    const pair = { source_lang: 'en', target_lang: 'de' };
    expect(headerLine(csv('house,Haus\nsource,Quelle'), pair)).toBeUndefined();
    // "English" translated into German is an entry of an en -> de glossary, not the pair's names.
    expect(headerLine(csv('English,Englisch'), pair)).toBeUndefined();
    expect(headerLine(csv('source,target,extra'))).toBeUndefined();
    expect(headerLine(csv(''))).toBeUndefined();
  });
});

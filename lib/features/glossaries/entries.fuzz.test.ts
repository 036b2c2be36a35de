import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EntriesFormat,
  type GlossaryEntry,
  parseEntries,
  parseEntriesSliced,
  phraseProblem,
  serializeEntries,
} from './entries.ts';

const RUNS = { numRuns: 200 };
const formats = fc.constantFrom<EntriesFormat>('tsv', 'csv');

/** Lines a hostile or broken glossary file might hold: quotes, separators, controls, BOMs, any Unicode. */
const hostileText = fc.string({
  unit: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('\t', ',', '"', '\n', '\r', '\r\n', ' ', '\uFEFF', '\u2028', '\u0085') },
    { weight: 4, arbitrary: fc.constantFrom('a', 'b', 'Haus', 'house', 'en', 'de', 'EN', 'x-y') },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  ),
  maxLength: 200,
});

/** The number of lines the parser counts in: after a leading BOM, with CRLF and CR as line ends. */
function lineCount(text: string): number {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return body.replace(/\r\n?/g, '\n').split('\n').length;
}

/** A phrase the content rules accept: no controls or line breaks, no edge whitespace, not empty. */
const phrase = fc
  .oneof(
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }),
    // Phrases that need quoting in CSV, or look like a byte-order mark or a formula.
    fc.constantFrom('\uFEFFword', 'a"b', 'a,b', '"quoted"', '=1+1', 'x\u00A0y', '#comment'),
  )
  .filter((p) => phraseProblem(p) === undefined);

const validEntries = fc.uniqueArray(fc.record({ source: phrase, target: phrase }), {
  selector: (e) => e.source,
  maxLength: 20,
});

describe('glossary entries under arbitrary input', () => {
  it('never throws, and every line it reports is a line of the file', () => {
    fc.assert(
      fc.property(
        hostileText,
        formats,
        fc.constantFrom(undefined, 'en'),
        fc.constantFrom(undefined, 'de'),
        (text, format, sourceLang, targetLang) => {
          const parsed = parseEntries(text, { format, sourceLang, targetLang });
          const lines = lineCount(text);
          for (const { line, reason } of parsed.problems) {
            expect(Number.isInteger(line)).toBe(true);
            expect(line).toBeGreaterThanOrEqual(1);
            expect(line).toBeLessThanOrEqual(lines);
            expect(reason.length).toBeGreaterThan(0);
          }
          for (const line of parsed.ignoredLines) {
            expect(line).toBeGreaterThanOrEqual(1);
            expect(line).toBeLessThanOrEqual(lines);
          }
          // Every accepted entry obeys the content rules, and no source phrase is accepted twice.
          for (const { source, target } of parsed.entries) {
            expect(phraseProblem(source)).toBeUndefined();
            expect(phraseProblem(target)).toBeUndefined();
          }
          expect(new Set(parsed.entries.map((e) => e.source)).size).toBe(parsed.entries.length);
        },
      ),
      RUNS,
    );
  });

  it('gives back any valid entries it wrote, in order, in either format', () => {
    fc.assert(
      fc.property(validEntries, formats, (entries: GlossaryEntry[], format) => {
        const text = serializeEntries(entries, format);
        const parsed = parseEntries(text, { format });
        expect(parsed.problems).toEqual([]);
        expect(parsed.entries).toEqual(entries);
      }),
      RUNS,
    );
  });

  it('reports a problem for every line of a file that mixes good and bad lines, and keeps the good ones', () => {
    const badLine = fc.constantFrom('only-one-field', 'a\tb\tc', '\tempty source', 'trailing \tspace', 'x\t');
    fc.assert(
      fc.property(validEntries, fc.array(badLine, { maxLength: 5 }), (entries, bad) => {
        const good = entries.map((e) => `${e.source}\t${e.target}`);
        // With a byte-order mark, as spreadsheet exports write it: a phrase may itself start with U+FEFF.
        const text = `\uFEFF${[...bad, ...good].join('\n')}`;
        const parsed = parseEntries(text);
        expect(parsed.entries).toEqual(entries);
        expect(new Set(parsed.problems.map((p) => p.line))).toEqual(new Set(bad.map((_, i) => i + 1)));
      }),
      RUNS,
    );
  });

  it('in slices, across batches of lines, finds exactly what it finds in one go', async () => {
    // Up to 800 lines: the parser checks lines in batches of 256, and duplicates span batches.
    const manyLines = fc.array(fc.oneof(hostileText, fc.constantFrom('a\tb', 'a,b', 'Haus\thouse')), {
      maxLength: 800,
    });
    const everyStep = { yieldNow: () => Promise.resolve(), sliceMs: 0 };
    await fc.assert(
      fc.asyncProperty(manyLines, formats, fc.constantFrom(undefined, 'en'), async (lines, format, sourceLang) => {
        const text = lines.join('\n');
        const progress: number[] = [];
        const sliced = await parseEntriesSliced(text, {
          format,
          sourceLang,
          slicing: everyStep,
          onProgress: (checked) => progress.push(checked),
        });
        expect(sliced).toEqual(parseEntries(text, { format, sourceLang }));
        expect(progress).toEqual([...progress].sort((a, b) => a - b));
      }),
      { numRuns: 100 },
    );
  });
});

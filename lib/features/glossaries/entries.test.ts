import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvQuotingProblem,
  describeProblems,
  type GlossaryEntry,
  MAX_DICTIONARY_BYTES,
  parseEntries,
  parseEntriesSliced,
  phraseProblem,
  serializeEntries,
} from './entries.ts';

describe('phraseProblem', () => {
  it('accepts ordinary phrases, inner spaces and non-Latin text', () => {
    for (const p of ['Haus', 'open source', 'l’été', '日本語', 'a "quoted" word', 'x,y']) {
      expect(phraseProblem(p)).toBeUndefined();
    }
  });

  it('rejects an empty phrase', () => {
    expect(phraseProblem('')).toBe('is empty');
  });

  it('rejects C0, DEL and C1 control characters and names the code point', () => {
    expect(phraseProblem('a\tb')).toContain('U+0009');
    expect(phraseProblem('a\u0000b')).toContain('U+0000');
    expect(phraseProblem('a\u007Fb')).toContain('U+007F');
    expect(phraseProblem('a\u009Bb')).toContain('U+009B');
  });

  it('rejects every Unicode newline', () => {
    for (const nl of ['\n', '\r', '\u000B', '\u000C', '\u0085', '\u2028', '\u2029']) {
      expect(phraseProblem(`a${nl}b`)).toMatch(/control or line-break/);
    }
  });

  it('rejects leading or trailing Unicode whitespace', () => {
    for (const p of [' a', 'a ', '\u00A0a', 'a\u3000', '\u2003a']) {
      expect(phraseProblem(p)).toBe('has leading or trailing whitespace');
    }
  });

  it('allows 1024 UTF-8 bytes and rejects 1025', () => {
    expect(phraseProblem('a'.repeat(1024))).toBeUndefined();
    expect(phraseProblem('a'.repeat(1025))).toBe('is 1025 UTF-8 bytes long (at most 1024)');
    // 342 × 3-byte characters = 1026 bytes, though only 342 characters
    expect(phraseProblem('€'.repeat(342))).toMatch(/1026 UTF-8 bytes/);
  });
});

describe('parseEntries: TSV', () => {
  it('parses one entry per line with any line ending and skips empty lines', () => {
    const r = parseEntries('Haus\thouse\r\nBaum\ttree\n\nAuto\tcar\rRad\twheel\n');
    expect(r.entries).toEqual([
      { source: 'Haus', target: 'house' },
      { source: 'Baum', target: 'tree' },
      { source: 'Auto', target: 'car' },
      { source: 'Rad', target: 'wheel' },
    ]);
    expect(r.problems).toEqual([]);
  });

  it('drops a leading byte-order mark', () => {
    expect(parseEntries('\uFEFFHaus\thouse').entries).toEqual([{ source: 'Haus', target: 'house' }]);
  });

  it('reports a line without exactly one tab', () => {
    const r = parseEntries('Haus house\na\tb\tc\nok\tfine');
    expect(r.entries).toEqual([{ source: 'ok', target: 'fine' }]);
    expect(r.problems).toEqual([
      { line: 1, reason: expect.stringContaining('found 1 field') },
      { line: 2, reason: expect.stringContaining('found 3 fields') },
    ]);
  });

  it('reports every content rule with its line and keeps the valid entries', () => {
    const text = [
      'good\tgut',
      '\tleer',
      'space \tx',
      'dup\tone',
      'dup\ttwo',
      `${'ä'.repeat(513)}\tlong`,
      'x\ty\u0085',
    ].join('\n');
    const r = parseEntries(text);
    expect(r.entries).toEqual([
      { source: 'good', target: 'gut' },
      { source: 'dup', target: 'one' },
    ]);
    expect(r.problems).toEqual([
      { line: 2, reason: 'source phrase is empty' },
      { line: 3, reason: 'source phrase has leading or trailing whitespace' },
      { line: 5, reason: 'duplicate source phrase "dup" (first on line 4)' },
      { line: 6, reason: 'source phrase is 1026 UTF-8 bytes long (at most 1024)' },
      { line: 7, reason: expect.stringContaining('U+0085') },
    ]);
  });

  it('reports both phrases of one line when both are bad', () => {
    expect(parseEntries(' a\t').problems).toEqual([
      { line: 1, reason: 'source phrase has leading or trailing whitespace' },
      { line: 1, reason: 'target phrase is empty' },
    ]);
  });

  it('treats duplicates as exact, case-sensitive matches', () => {
    expect(parseEntries('Bank\tbank\nbank\tbench').entries).toHaveLength(2);
  });

  it('flags a dictionary over 10 MB but still reports its entries', () => {
    const lines: string[] = [];
    // 2000-byte lines with distinct sources until the text passes the limit
    for (let i = 0; lines.length * 2000 <= MAX_DICTIONARY_BYTES; i++) {
      lines.push(`${String(i).padStart(1000, 'a')}\t${'b'.repeat(999)}`);
    }
    const r = parseEntries(lines.join('\n'));
    expect(r.sizeProblem).toMatch(/at most 10000000 bytes/);
    expect(r.entries.length).toBe(lines.length);
    expect(parseEntries('a\tb').sizeProblem).toBeUndefined();
  });
});

describe('parseEntries: CSV', () => {
  it('applies standard quoting: commas and doubled quotes inside quoted fields', () => {
    const r = parseEntries('"Müller, Hans","Miller, John"\n"say ""hi""",sag hallo\nplain,"quoted"', { format: 'csv' });
    expect(r.problems).toEqual([]);
    expect(r.entries).toEqual([
      { source: 'Müller, Hans', target: 'Miller, John' },
      { source: 'say "hi"', target: 'sag hallo' },
      { source: 'plain', target: 'quoted' },
    ]);
  });

  it('reports quoting mistakes on their own line without losing the lines after them', () => {
    const text = ['bare"quote,x', '"closed"junk,y', '"never closed,z', 'fine,gut', 'a,"b'].join('\n');
    const r = parseEntries(text, { format: 'csv' });
    expect(r.entries).toEqual([{ source: 'fine', target: 'gut' }]);
    expect(r.problems.map((p) => p.line)).toEqual([1, 2, 3, 5]);
    expect(r.problems[0]?.reason).toContain('must be enclosed in double quotes');
    expect(r.problems[1]?.reason).toContain('after the closing double quote');
    expect(r.problems[2]?.reason).toContain('not closed on this line');
    expect(r.problems[3]?.reason).toMatch(/^field 2:/);
  });

  it('reports a quoted phrase with a line break against the line where it starts', () => {
    const r = parseEntries('ok,gut\n"two\nlines",x\nnext,weiter', { format: 'csv' });
    expect(r.entries).toEqual([
      { source: 'ok', target: 'gut' },
      { source: 'next', target: 'weiter' },
    ]);
    expect(r.problems[0]).toEqual({ line: 2, reason: expect.stringContaining('cannot contain a line break') });
  });

  it('ignores lines whose language columns name another pair, case-insensitively', () => {
    const text = 'Haus,house,DE,EN\nchat,cat,fr,en\nBaum,tree,de,en\nAuto,car';
    const r = parseEntries(text, { format: 'csv', sourceLang: 'de', targetLang: 'en' });
    expect(r.entries.map((e) => e.source)).toEqual(['Haus', 'Baum', 'Auto']);
    expect(r.ignoredLines).toEqual([2]);
    expect(r.problems).toEqual([]);
  });

  it('does not count an ignored line as the first of a duplicate', () => {
    const r = parseEntries('Haus,maison,de,fr\nHaus,house,de,en', {
      format: 'csv',
      sourceLang: 'de',
      targetLang: 'en',
    });
    expect(r.entries).toEqual([{ source: 'Haus', target: 'house' }]);
    expect(r.problems).toEqual([]);
  });

  it('rejects 3 or 5 fields and language columns that are not codes', () => {
    const r = parseEntries('a,b,de\na,b,c,d,e\na,b,first language,second\nok,fine', { format: 'csv' });
    expect(r.entries).toEqual([{ source: 'ok', target: 'fine' }]);
    expect(r.problems).toEqual([
      { line: 1, reason: expect.stringContaining('found 3') },
      { line: 2, reason: expect.stringContaining('found 5') },
      { line: 3, reason: 'fields 3 and 4 must be the source and target language codes' },
    ]);
  });

  it('applies the content rules to unquoted phrases', () => {
    const r = parseEntries('a ,b\n,c\nx,y', { format: 'csv' });
    expect(r.problems).toEqual([
      { line: 1, reason: 'source phrase has leading or trailing whitespace' },
      { line: 2, reason: 'source phrase is empty' },
    ]);
  });
});

describe('csvQuotingProblem', () => {
  it('accepts well-formed lines and empty fields', () => {
    for (const l of ['a,b', '"a","b"', '"",x', 'a,', '"a ""b""",c', 'a,b,de,en']) {
      expect(csvQuotingProblem(l)).toBeUndefined();
    }
  });
});

describe('CSV with semicolons', () => {
  it('reads semicolon-separated lines, commas inside phrases and quoted semicolons included', () => {
    const r = parseEntries('Haus;house\nRechnung;invoice, bill\n"Hof; Garten";"yard"\nAuto;car;de;en', {
      format: 'csv',
      delimiter: ';',
    });
    expect(r.problems).toEqual([]);
    expect(r.entries).toEqual([
      { source: 'Haus', target: 'house' },
      { source: 'Rechnung', target: 'invoice, bill' },
      { source: 'Hof; Garten', target: 'yard' },
      { source: 'Auto', target: 'car' },
    ]);
  });

  it('checks quoting against the semicolon', () => {
    expect(csvQuotingProblem('"a";b', ';')).toBeUndefined();
    expect(csvQuotingProblem('"a",b;c', ';')).toMatch(/unexpected text after the closing double quote/);
    expect(csvQuotingProblem('"a";b', ',')).toMatch(/unexpected text after the closing double quote/);
  });
});

describe('describeProblems', () => {
  it('lists problems with their lines and counts the rest', () => {
    const problems = [1, 2, 3].map((line) => ({ line, reason: `bad ${line}` }));
    expect(describeProblems(problems, 2)).toBe('line 1: bad 1; line 2: bad 2; and 1 more');
    expect(describeProblems(problems)).toBe('line 1: bad 1; line 2: bad 2; line 3: bad 3');
  });
});

describe('serializeEntries', () => {
  const entries: GlossaryEntry[] = [
    { source: 'Müller, Hans', target: 'Miller' },
    { source: 'say "hi"', target: 'sag hallo' },
  ];

  it('writes TSV one entry per line', () => {
    expect(
      serializeEntries(
        [
          { source: 'a', target: 'b' },
          { source: 'c', target: 'd' },
        ],
        'tsv',
      ),
    ).toBe('a\tb\nc\td');
  });

  it('quotes CSV fields that need it, and only those', () => {
    expect(serializeEntries(entries, 'csv')).toBe('"Müller, Hans",Miller\n"say ""hi""",sag hallo');
  });

  it('refuses phrases that no line format can hold', () => {
    expect(() => serializeEntries([{ source: 'a\tb', target: 'c' }], 'tsv')).toThrow(/TSV/);
    expect(() => serializeEntries([{ source: 'a\nb', target: 'c' }], 'csv')).toThrow(/CSV/);
  });
});

const validPhrase = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
  .filter((p) => phraseProblem(p) === undefined);

const validEntries = fc.uniqueArray(fc.record({ source: validPhrase, target: validPhrase }), {
  selector: (e) => e.source,
  maxLength: 30,
});

describe('properties', () => {
  it('round-trips valid entries through TSV and CSV', () => {
    fc.assert(
      fc.property(validEntries, fc.constantFrom('tsv' as const, 'csv' as const), (entries, format) => {
        const parsed = parseEntries(serializeEntries(entries, format), { format });
        expect(parsed.problems).toEqual([]);
        expect(parsed.entries).toEqual(entries);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips phrases made of CSV-special characters', () => {
    const tricky = fc
      .string({ unit: fc.constantFrom('"', ',', 'a', ' ', "'", ';', 'é'), minLength: 1, maxLength: 12 })
      .filter((p) => phraseProblem(p) === undefined);
    const entries = fc.uniqueArray(fc.record({ source: tricky, target: tricky }), { selector: (e) => e.source });
    fc.assert(
      fc.property(entries, (list) => {
        expect(parseEntries(serializeEntries(list, 'csv'), { format: 'csv' }).entries).toEqual(list);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary input, and every problem has a real line number', () => {
    const noise = fc.string({ unit: fc.constantFrom('a', '"', ',', '\t', '\n', '\r', ' ', '\u2028', '\uFEFF', 'é') });
    fc.assert(
      fc.property(fc.oneof(fc.string(), noise), fc.constantFrom('tsv' as const, 'csv' as const), (text, format) => {
        const r = parseEntries(text, { format, sourceLang: 'de', targetLang: 'en' });
        const lineCount = text.split(/\r\n|\r|\n/).length;
        for (const p of r.problems) {
          expect(p.line).toBeGreaterThanOrEqual(1);
          expect(p.line).toBeLessThanOrEqual(lineCount);
          expect(p.reason).not.toBe('');
        }
        for (const e of r.entries) {
          expect(phraseProblem(e.source)).toBeUndefined();
          expect(phraseProblem(e.target)).toBeUndefined();
        }
        expect(new Set(r.entries.map((e) => e.source)).size).toBe(r.entries.length);
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseEntriesSliced', () => {
  const text = Array.from({ length: 1_000 }, (_, i) => `term ${i}\tBegriff ${i}`).join('\n');

  it('hands the event loop back between slices and reports progress up to every line', async () => {
    let yields = 0;
    const progress: Array<[number, number]> = [];
    const parsed = await parseEntriesSliced(text, {
      slicing: { yieldNow: async () => void yields++, sliceMs: 0 },
      onProgress: (checked, total) => progress.push([checked, total]),
    });
    expect(parsed.entries).toHaveLength(1_000);
    expect(yields).toBeGreaterThanOrEqual(4);
    expect(progress.at(-1)).toEqual([1_000, 1_000]);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const run = parseEntriesSliced(text, {
      slicing: { yieldNow: async () => controller.abort(new Error('newer text')), sliceMs: 0 },
      signal: controller.signal,
    });
    await expect(run).rejects.toThrow('newer text');
  });
});

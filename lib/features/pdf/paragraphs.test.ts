import { describe, expect, it } from 'vitest';
import { joinLines, markRunning, type PageText, paragraphsOf, runningKey, type TextRun } from './paragraphs.ts';

const H = 792;
const W = 612;
/** A line of text at (x, top) in page units from the top, 10 units high, one run per word group. */
const run = (str: string, x: number, top: number, size = 10): TextRun => ({
  str,
  x,
  y: H - top,
  width: str.length * size * 0.5,
  height: size,
});
const page = (n: number, runs: TextRun[]): PageText => ({ page: n, width: W, height: H, runs });

describe('joinLines', () => {
  it('undoes a hyphen at a line end before a lower-case letter', () => {
    expect(joinLines('reads across the page, mix-', 'ing the columns')).toBe(
      'reads across the page, mixing the columns',
    );
  });
  it('keeps a hyphen before a capital or a number (a compound, a range)', () => {
    expect(joinLines('the Franco-', 'German border')).toBe('the Franco- German border');
    expect(joinLines('pages 10-', '12')).toBe('pages 10- 12');
  });
  it('joins CJK lines without a space', () => {
    expect(joinLines('这是一个', '段落')).toBe('这是一个段落');
  });
  it('joins other lines with a space', () => {
    expect(joinLines('one line', 'and the next')).toBe('one line and the next');
  });
});

describe('paragraphsOf', () => {
  it('joins lines into paragraphs and splits at a wider gap', () => {
    const p = paragraphsOf(
      page(1, [
        run('The first paragraph starts here and', 72, 100),
        run('goes on over a second line.', 72, 113),
        run('A second paragraph after a gap.', 72, 140),
      ]),
    );
    expect(p.map((x) => x.text)).toEqual([
      'The first paragraph starts here and goes on over a second line.',
      'A second paragraph after a gap.',
    ]);
    expect(p[0]?.box.top).toBeCloseTo(90);
  });

  it('reads two columns left then right, with a title across both first', () => {
    const left = ['Left one begins and', 'left one ends.', '', 'Left two.'];
    const right = ['Right one begins and', 'right one ends.', '', 'Right two.'];
    const runs = [run('A Title Across The Whole Page Width For Sure', 150, 60, 16)];
    left.forEach((line, i) => {
      if (line) runs.push(run(line, 72, 100 + i * 13));
    });
    right.forEach((line, i) => {
      if (line) runs.push(run(line, 320, 100 + i * 13));
    });
    expect(paragraphsOf(page(1, runs)).map((p) => p.text)).toEqual([
      'A Title Across The Whole Page Width For Sure',
      'Left one begins and left one ends.',
      'Left two.',
      'Right one begins and right one ends.',
      'Right two.',
    ]);
  });

  it('makes one line of runs on a baseline that are close together, two of a gutter apart', () => {
    const p = paragraphsOf(page(1, [run('Hello', 72, 100), run('world', 102, 100), run('Far', 400, 100)]));
    expect(p.map((x) => x.text)).toEqual(['Hello world', 'Far']);
  });

  it('a page of no text has no paragraphs', () => {
    expect(paragraphsOf(page(1, []))).toEqual([]);
    expect(paragraphsOf(page(1, [run('   ', 72, 100)]))).toEqual([]);
  });
});

describe('markRunning', () => {
  const withMargins = (n: number, body: string) =>
    page(n, [
      run('Journal of Examples, 2026', 72, 40, 9),
      run(body, 72, 300),
      run(`Smith et al. page ${n} draft`, 400, 40, 9),
      run(String(n), 300, 770, 9),
    ]);

  it('marks a header found on other pages, the page number, and a footer that differs only by digits', () => {
    const pages = [withMargins(1, 'Body one.'), withMargins(2, 'Body two.'), withMargins(3, 'Body three.')];
    const own = pages[1] as PageText;
    const marked = markRunning(own, paragraphsOf(own), pages);
    const byText = new Map(marked.map((p) => [p.text, p.running]));
    expect(byText.get('Journal of Examples, 2026')).toEqual({ key: 'journal of examples, #', number: false });
    expect(byText.get('2')).toEqual({ key: '#', number: true });
    expect(byText.get('Smith et al. page 2 draft')?.key).toBe(runningKey('Smith et al. page 3 draft'));
    expect(byText.get('Body two.')).toBeUndefined();
  });

  it('a margin line found on no other page is the page’s own text', () => {
    const one = page(1, [run('A note at the top of this page only', 72, 40, 9), run('Body.', 72, 300)]);
    const two = page(2, [run('Body.', 72, 300)]);
    expect(markRunning(one, paragraphsOf(one), [one, two]).every((p) => !p.running)).toBe(true);
  });
});

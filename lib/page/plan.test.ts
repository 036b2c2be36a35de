// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { textFromResponse } from './plan.ts';

describe('parseInert', () => {
  it('keeps leading whitespace, as a template does', () => {
    expect(textFromResponse('  two spaces first')).toBe('  two spaces first');
  });

  it('reads past an end tag </template> in the answer instead of stopping at it', () => {
    expect(textFromResponse('before </template> after')).toBe('before  after');
    expect(textFromResponse('before </TEMPLATE > after')).toBe('before  after');
  });
});

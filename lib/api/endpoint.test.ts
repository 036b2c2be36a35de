import { describe, expect, it } from 'vitest';
import { FREE_BASE_URL, isFreeKey, PAID_BASE_URL, resolveBaseUrl } from './endpoint.ts';

describe('resolveBaseUrl', () => {
  it('chooses the tier by the :fx suffix', () => {
    expect(resolveBaseUrl('abc:fx')).toBe(FREE_BASE_URL);
    expect(resolveBaseUrl('abc')).toBe(PAID_BASE_URL);
    expect(isFreeKey(' abc:fx ')).toBe(true);
    expect(isFreeKey('abc:fxx')).toBe(false);
  });

  it('prefers an explicit server URL, without a trailing slash', () => {
    expect(resolveBaseUrl('abc:fx', 'http://127.0.0.1:8787/')).toBe('http://127.0.0.1:8787');
    expect(resolveBaseUrl('abc', '  ')).toBe(PAID_BASE_URL);
  });
});

import { describe, expect, it } from 'vitest';
import { badgeText } from './badge.background.ts';

describe('badgeText', () => {
  it('shows the share answered while work is open, never 100%', () => {
    expect(badgeText({ total: 200, done: 50, failed: 0 })).toBe('25%');
    expect(badgeText({ total: 1000, done: 999, failed: 0 })).toBe('99%');
    expect(badgeText({ total: 3, done: 0, failed: 0 })).toBe('0%');
  });

  it('is empty when everything is answered or nothing was asked, and "!" when something failed', () => {
    expect(badgeText({ total: 10, done: 10, failed: 0 })).toBe('');
    expect(badgeText({ total: 0, done: 0, failed: 0 })).toBe('');
    expect(badgeText({ total: 10, done: 7, failed: 3 })).toBe('!');
  });
});

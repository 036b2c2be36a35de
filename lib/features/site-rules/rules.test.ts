import { describe, expect, it } from 'vitest';
import { SiteRule } from '../../settings/schema.ts';
import { normalizeHost, putRule, removeRule, siteHostOf } from './rules.ts';

const rule = (host: string, translate: 'ask' | 'always' | 'never' = 'never') => SiteRule.parse({ host, translate });

describe('site rules', () => {
  it('turns what a person types or pastes into a hostname', () => {
    expect(normalizeHost('News.Example.org')).toBe('news.example.org');
    expect(normalizeHost('https://news.example.org/world?x=1')).toBe('news.example.org');
    expect(normalizeHost('example.org.')).toBe('example.org');
    expect(normalizeHost('localhost:8080')).toBe('localhost');
    expect(normalizeHost('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
    expect(normalizeHost('bücher.example')).toBe('xn--bcher-kva.example');
  });

  it('refuses what cannot be a hostname', () => {
    for (const bad of ['', '   ', 'two words', 'exa_mple.org', '-bad.org', 'http://']) {
      expect(normalizeHost(bad), bad).toBeUndefined();
    }
  });

  it('adds rules sorted by host and refuses a second rule for one host', () => {
    let r = putRule([], rule('b.example'));
    if (!r.ok) throw new Error(r.reason);
    r = putRule(r.rules, rule('https://A.example/page', 'always'));
    if (!r.ok) throw new Error(r.reason);
    expect(r.rules.map((x) => `${x.host}:${x.translate}`)).toEqual(['a.example:always', 'b.example:never']);
    expect(putRule(r.rules, rule('b.example'))).toEqual({ ok: false, reason: 'duplicate' });
    expect(putRule(r.rules, rule('not a host'))).toEqual({ ok: false, reason: 'invalid_host' });
  });

  it('edits a rule in place, also when its host changes, and removes rules', () => {
    const start = [rule('a.example'), rule('b.example')];
    const same = putRule(
      start,
      { ...rule('a.example'), formality: 'more', modelType: 'quality_optimized' },
      'a.example',
    );
    expect(same.ok && same.rules[0]).toMatchObject({
      host: 'a.example',
      formality: 'more',
      modelType: 'quality_optimized',
    });
    const moved = putRule(start, rule('c.example', 'always'), 'a.example');
    expect(moved.ok && moved.rules.map((x) => x.host)).toEqual(['b.example', 'c.example']);
    expect(putRule(start, rule('b.example'), 'a.example')).toEqual({ ok: false, reason: 'duplicate' });
    expect(removeRule(start, 'a.example').map((x) => x.host)).toEqual(['b.example']);
  });

  it('keeps fields the form does not show', () => {
    const withWriting = SiteRule.parse({ host: 'a.example', disableWriting: true });
    const edited = putRule([withWriting], { ...withWriting, translate: 'always' }, 'a.example');
    expect(edited.ok && edited.rules[0]!.disableWriting).toBe(true);
  });
});

describe('siteHostOf', () => {
  it('is the host of the page origin, as a rule stores it', () => {
    expect(siteHostOf('https://News.Example.org/world?x=1')).toBe('news.example.org');
    expect(siteHostOf('http://user:secret@example.org:8080/')).toBe('example.org');
    expect(siteHostOf('https://example.org./')).toBe('example.org');
    expect(siteHostOf('https://[::1]:8080/')).toBe('[::1]');
    expect(siteHostOf('https://b\u00fccher.example/')).toBe('xn--bcher-kva.example');
    for (const url of ['https://example.org./', 'https://EXAMPLE.org', 'https://example.org:443/x']) {
      expect(siteHostOf(url)).toBe(normalizeHost(url));
    }
  });

  it('counts a blob: page as the site that made it', () => {
    expect(siteHostOf('blob:https://app.example.org/0b8c7f5e-1111-4c4c-9b9b-123456789abc')).toBe('app.example.org');
  });

  it('is undefined where no site rule applies: pages off the web, opaque origins, no address', () => {
    for (const url of [
      undefined,
      '',
      'not a url',
      'file:///home/me/page.html',
      'about:blank',
      'about:srcdoc',
      'data:text/html,<p>x</p>',
      'chrome://settings/',
      'chrome-extension://abcdefghijklmnop/options.html',
      'moz-extension://0b8c7f5e-1111-4c4c-9b9b-123456789abc/options.html',
      'ftp://files.example.org/',
      'blob:null/0b8c7f5e-1111-4c4c-9b9b-123456789abc',
    ]) {
      expect(siteHostOf(url), String(url)).toBeUndefined();
    }
  });
});

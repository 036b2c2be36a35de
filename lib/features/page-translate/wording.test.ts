import { describe, expect, it } from 'vitest';
import type { PageView } from './messages.ts';
import {
  fixedInSettings,
  frameLines,
  languageLabel,
  modeSwitch,
  problemLine,
  readingSwitch,
  statusLine,
} from './wording.ts';

const view = (over: Partial<PageView> = {}): PageView => ({
  phase: 'translating',
  shown: 'translated',
  progress: { total: 200, done: 50, failed: 0 },
  targetLang: 'de',
  ...over,
});

describe('page translation wording', () => {
  it('names the target language through the browser', () => {
    expect(languageLabel('de', 'en')).toBe('German');
    expect(languageLabel('pt-BR', 'en')).toMatch(/Portuguese/);
    expect(languageLabel(undefined)).toBe('');
  });

  it('says plainly that a page already in the target language needs nothing', () => {
    const already = view({ phase: 'done', shown: 'original', targetLang: 'en-US', alreadyIn: 'en' });
    expect(statusLine(already, 'en')).toBe('This page is already in English');
    expect(statusLine(view({ phase: 'idle', alreadyIn: 'en' }), 'en')).toBe('This page is already in English');
    expect(modeSwitch(already)).toBeUndefined();
  });

  it('offers the other display mode while the translation is shown', () => {
    expect(modeSwitch(view({ mode: 'replace' }))).toMatchObject({ to: 'bilingual', label: 'Show both languages' });
    expect(modeSwitch(view({ mode: 'bilingual' }))).toMatchObject({
      to: 'replace',
      label: 'Show the translation only',
    });
    expect(modeSwitch(view({ mode: 'bilingual', shown: 'original' }))).toBeUndefined();
    expect(modeSwitch(view({ mode: 'bilingual', phase: 'idle' }))).toBeUndefined();
    expect(modeSwitch(view())).toBeUndefined();
  });

  it('names what stayed in the original in plain words, only while the translation is shown', () => {
    const frames = { count: 0, unreachable: ['chromewebstore.google.com', 'data:'], closed: 2 };
    expect(frameLines(view({ phase: 'done', frames }))).toEqual([
      'Some embedded content could not be translated: a frame from chromewebstore.google.com, a frame the page made itself.',
      '2 parts of the page are closed to extensions and stay in the original.',
    ]);
    expect(frameLines(view({ phase: 'done', shown: 'original', frames }))).toEqual([]);
    expect(frameLines(view({ phase: 'idle', shown: 'original', frames }))).toEqual([]);
    expect(frameLines(view({ phase: 'preparing', frames }))).toEqual([]);
    expect(frameLines(view({ frames: { count: 1, unreachable: ['a.example (blob:)'], closed: 0 } }))).toEqual([
      'Some embedded content could not be translated: a frame from a.example.',
    ]);
  });

  it('says where the page stands', () => {
    expect(statusLine(view(), 'en')).toBe('Translating into German… 25%');
    expect(statusLine(view({ phase: 'done', progress: { total: 4, done: 4, failed: 0 } }), 'en')).toBe(
      'Translated into German',
    );
    expect(statusLine(view({ phase: 'done', shown: 'original' }), 'en')).toBe('Showing the original');
    expect(statusLine(view({ phase: 'done', progress: { total: 4, done: 3, failed: 1 } }), 'en')).toBe(
      'Partly translated into German',
    );
    expect(statusLine(view({ phase: 'stopped' }), 'en')).toBe('Translation stopped');
    // Every part failed (the service kept failing): nothing is "partly" translated.
    expect(statusLine(view({ phase: 'done', progress: { total: 4, done: 0, failed: 4 } }), 'en')).toBe(
      'The page could not be translated',
    );
  });

  it('says "as you read" while parts wait to be read, and never "Translated" while parts are left', () => {
    const reading = view({ reading: 'as-you-read', progress: { total: 20, done: 20, failed: 0, waiting: 300 } });
    expect(statusLine({ ...reading, phase: 'reading' }, 'en')).toBe('Translating into German as you read');
    expect(statusLine({ ...reading, phase: 'translating' }, 'en')).toBe('Translating into German as you read');
    expect(statusLine({ ...reading, phase: 'done', reading: 'as-you-read' }, 'en')).toBe('Translated into German');
    const whole = view({
      phase: 'reading',
      reading: 'whole-page',
      progress: { total: 9, done: 9, failed: 0, waiting: 3 },
    });
    expect(statusLine(whole, 'en')).toBe('Translated into German, hidden parts as they open');
    expect(statusLine({ ...whole, shown: 'original' }, 'en')).toBe('Showing the original');
    expect(readingSwitch(reading)).toMatchObject({ to: 'whole-page', label: 'Translate the whole page' });
    expect(readingSwitch(whole)).toMatchObject({ to: 'as-you-read', label: 'Translate as I read' });
  });

  it('words problems with what to do next, and counts what is missing', () => {
    const quota = view({
      phase: 'stopped',
      error: { name: 'QueueError', code: 'quota_exceeded', message: 'Quota exceeded' },
    });
    expect(problemLine(quota)).toContain('The character quota is used up');
    expect(fixedInSettings(quota)).toBe(true);
    const partly = view({
      phase: 'done',
      progress: { total: 10, done: 7, failed: 3 },
      error: { name: 'QueueError', code: 'bad_request', message: 'Value for target_lang not supported' },
    });
    expect(problemLine(partly)).toBe('3 parts were not translated. Value for target_lang not supported');
    expect(fixedInSettings(partly)).toBe(false);
    const one = view({ ...partly, progress: { total: 10, done: 9, failed: 1 } });
    expect(problemLine(one)).toBe('1 part was not translated. Value for target_lang not supported');
    expect(problemLine(view())).toBeUndefined();
  });
});

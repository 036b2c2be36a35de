// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { MessageInput } from '../../messaging/protocol.ts';
import { fakeSend } from '../../messaging/testing.ts';
import { manualClock } from '../../ui/testing.ts';
import type { Capture } from './capture.ts';
import { MAX_SELECTION_CHARS } from './messages.ts';
import { PICK_SETTLE_MS, SelectionModel } from './model.ts';
import { serializePlainText } from './serialize.ts';

/** A selection in a text field, beside which the bubble opens. */
function capture(text = 'Good morning\n\nSee you', over: Partial<Capture> = {}): Capture {
  const field = document.createElement('textarea');
  field.value = text;
  return {
    selection: serializePlainText(text),
    context: '',
    target: { kind: 'field', field, start: 0, end: text.length },
    rect: () => new DOMRect(100, 100, 200, 20),
    ...over,
  };
}

function setUp({ copies = true, online = true } = {}) {
  const events: string[] = [];
  const send = fakeSend({
    'languages.get': () => ({ ok: true, value: [] }),
    'selection.translate': (data: MessageInput<'selection.translate'>) => ({
      ok: true,
      value: {
        paragraphs: data.paragraphs.map((p) => `<b>${data.targetLang ?? 'de'}</b> ${p}`),
        detectedSource: 'EN',
        sourceDetected: true,
        targetLang: data.targetLang ?? 'de',
        formality: data.formality ?? 'default',
        notes: [],
      },
    }),
    'selection.openInPopup': () => ({ ok: true, value: { opened: false } }),
    'selection.saveTerm': () => ({
      ok: true,
      value: { outcome: 'already', glossaryId: 'g', glossaryName: 'Saved terms', madeDefault: false },
    }),
  });
  const clock = manualClock();
  const model = new SelectionModel({
    send,
    clock,
    copy: async (text) => {
      events.push(`copy ${text}`);
      return copies;
    },
    replace: (_target, translation) => events.push(`replace ${translation.text}`),
    online: () => online,
    viewport: () => ({ width: 1000, height: 800 }),
    onClose: () => events.push('closed'),
  });
  return { model, send, clock, events };
}

const translations = (send: ReturnType<typeof setUp>['send']) =>
  send.sent.filter((m) => m.type === 'selection.translate').map((m) => m.data);

describe('SelectionModel', () => {
  it('opens beside the selection and shows the translation, sanitised, paragraph by paragraph', async () => {
    const { model, send } = setUp();
    model.open(capture());
    expect(model.bubble.value?.phase).toBe('loading');
    expect(model.position.value.top).toBeGreaterThan(0);
    await vi.waitFor(() => expect(model.bubble.value?.phase).toBe('done'));
    expect(translations(send)).toEqual([{ paragraphs: ['Good morning', 'See you'] }]);
    expect(model.bubble.value?.paragraphs).toEqual([
      expect.stringContaining('Good morning'),
      expect.stringContaining('See you'),
    ]);
    expect(model.bubble.value?.replaceable).toBe(true);
  });

  it('offers a word or phrase, never a passage, as a glossary term', async () => {
    const { model, send } = setUp();
    model.open(capture('Good morning\n\nSee you'));
    await vi.waitFor(() => expect(model.bubble.value?.phase).toBe('done'));
    expect(model.bubble.value?.termSavable).toBe(false);
    await model.saveTerm();
    expect(send.sent.map((m) => m.type)).not.toContain('selection.saveTerm');

    model.open(capture('river bank'));
    await vi.waitFor(() => expect(model.bubble.value?.phase).toBe('done'));
    expect(model.bubble.value?.termSavable).toBe(true);
    // What is saved, and what the bubble says, is checked in Chromium (DOMPurify gives no text under
    // happy-dom): tests/e2e/glossaries-saved-terms.spec.ts.
  });

  it('refuses a selection over the limit, and an offline browser, without sending', async () => {
    const long = setUp();
    long.model.open(capture('a'.repeat(MAX_SELECTION_CHARS + 1)));
    expect(long.model.bubble.value?.error?.code).toBe('invalid_request');
    const offline = setUp({ online: false });
    offline.model.open(capture());
    expect(offline.model.bubble.value?.error?.code).toBe('network');
    expect(translations(long.send)).toEqual([]);
    expect(translations(offline.send)).toEqual([]);
  });

  it('translates a new target only once the person settles on it', async () => {
    const { model, send, clock } = setUp();
    model.open(capture());
    await vi.waitFor(() => expect(model.bubble.value?.phase).toBe('done'));
    model.changeTarget('fr');
    model.changeTarget('it');
    expect(model.bubble.value).toMatchObject({ phase: 'loading', targetLang: 'it' });
    await clock.advance(PICK_SETTLE_MS);
    expect(translations(send).slice(1)).toEqual([
      { paragraphs: ['Good morning', 'See you'], targetLang: 'it', formality: 'default', remember: true },
    ]);
    expect(model.bubble.value?.targetLang).toBe('it');
  });

  it('copies and replaces the same plain text; replacing closes the bubble first', async () => {
    const { model, events } = setUp();
    model.open(capture());
    await vi.waitFor(() => expect(model.bubble.value?.phase).toBe('done'));
    await model.copy(document.body);
    expect(model.bubble.value?.notice).toBe('Copied.');
    model.replace();
    // The plain text itself comes from sanitize.ts (its paragraphs and the selection's own separators).
    const text = events[0]?.replace(/^copy /, '');
    expect(events).toEqual([`copy ${text}`, 'closed', `replace ${text}`]);
    expect(text).toContain('\n\n');
    expect(model.bubble.value).toBeNull();
  });

  it('says when copying was refused', async () => {
    const { model } = setUp({ copies: false });
    model.open(capture());
    await vi.waitFor(() => expect(model.bubble.value?.phase).toBe('done'));
    await model.copy(document.body);
    expect(model.bubble.value?.notice).toMatch(/Could not copy/);
  });

  it('hands the text to the popup and says where it waits', async () => {
    const { model, send } = setUp();
    model.open(capture());
    await vi.waitFor(() => expect(model.bubble.value?.phase).toBe('done'));
    await model.openInPopup();
    expect(send.sent.at(-1)).toEqual({
      type: 'selection.openInPopup',
      data: { text: 'Good morning\n\nSee you', targetLang: 'de' },
    });
    expect(model.bubble.value?.notice).toMatch(/waiting in the Verso popup/);
  });

  it('a closed bubble drops a late answer and a pending pick', async () => {
    const { model, send, clock, events } = setUp();
    let answer: (() => void) | undefined;
    send.answers['selection.translate'] = () =>
      new Promise((resolve) => {
        answer = () =>
          resolve({
            ok: true,
            value: {
              paragraphs: ['x'],
              detectedSource: 'EN',
              sourceDetected: true,
              targetLang: 'de',
              formality: 'default',
              notes: [],
            },
          });
      });
    model.open(capture());
    model.changeTarget('fr');
    model.close();
    expect(events).toEqual(['closed']);
    answer?.();
    await clock.advance(PICK_SETTLE_MS);
    expect(model.bubble.value).toBeNull();
    expect(translations(send)).toHaveLength(1);
  });
  it('asks before an unusual selection: nothing is sent until the person says yes, then once', async () => {
    const { model, send, clock } = setUp();
    model.open(capture('Good morning'), { chars: 95_000, hidden: 94_000 });
    await Promise.resolve();
    expect(model.bubble.value).toMatchObject({ phase: 'confirm', ask: { chars: 95_000, hidden: 94_000 } });
    // Changing the target while asked only shows it.
    model.changeTarget('fr');
    await clock.advance(PICK_SETTLE_MS * 2);
    expect(translations(send)).toEqual([]);
    model.proceed();
    await vi.waitFor(() => expect(model.bubble.value?.phase).toBe('done'));
    expect(translations(send)).toEqual([expect.objectContaining({ paragraphs: ['Good morning'], targetLang: 'fr' })]);
    // Yes again (a second click) sends nothing more.
    model.proceed();
    expect(translations(send)).toHaveLength(1);
  });

  it('a selection refused anyway is not asked about', () => {
    const { model } = setUp();
    model.open(capture('x'.repeat(MAX_SELECTION_CHARS + 1)), { chars: MAX_SELECTION_CHARS + 1, hidden: 0 });
    expect(model.bubble.value?.phase).not.toBe('confirm');
  });
});

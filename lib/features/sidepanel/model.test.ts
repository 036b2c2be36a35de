import { describe, expect, it } from 'vitest';
import { fakeSend, sentTypes } from '../../messaging/testing.ts';
import { SidePanelModel } from './model.ts';

const selected = {
  paragraphs: ['The <b>bank</b> of the river.'],
  text: 'The bank of the river.',
  context: 'We sat on the bank of the river. The water was cold.',
  pageLang: 'en',
  site: 'example.org',
  tooLong: false,
};

function setUp({ noTab = false } = {}) {
  const tab = noTab ? undefined : 4;
  const copied: string[] = [];
  const send = fakeSend({
    'sidepanel.selection': () => ({ ok: true, value: selected }),
    'sidepanel.translateSelection': () => ({
      ok: true,
      value: { text: 'Das Ufer des Flusses.', sourceLang: 'en', sourceDetected: false, targetLang: 'de', notes: [] },
    }),
    'glossaries.saveTerm': () => ({
      ok: true,
      value: { outcome: 'added', glossaryId: 'g', glossaryName: 'Saved terms', madeDefault: true },
    }),
    'writing.improve': ({ text }) => ({
      ok: true,
      value: { text: text.replace('teh', 'the'), detectedSourceLanguage: 'en', requests: 1 },
    }),
  });
  const model = new SidePanelModel({
    send,
    activeTab: async () => tab,
    clipboard: { writeText: async (text) => void copied.push(text) },
  });
  return { model, send, copied };
}

describe('SidePanelModel', () => {
  it('reads the selection first, and sends it with its context only when asked', async () => {
    const { model, send } = setUp();
    await model.readSelection();
    expect(model.selectionState.value).toBe('ready');
    expect(model.selection.value?.text).toBe('The bank of the river.');
    expect(sentTypes(send)).toEqual(['sidepanel.selection']);

    await model.translateSelection('de');
    expect(model.selectionResult.value?.text).toBe('Das Ufer des Flusses.');
    expect(send.sent.at(-1)).toEqual({
      type: 'sidepanel.translateSelection',
      data: {
        tabId: 4,
        paragraphs: selected.paragraphs,
        context: selected.context,
        pageLang: 'en',
        targetLang: 'de',
      },
    });
  });

  it('saves the translated selection as a glossary term of its pair', async () => {
    const { model, send } = setUp();
    await model.readSelection();
    await model.translateSelection('de');
    await model.saveSelectionTerm();
    expect(send.sent.at(-1)).toEqual({
      type: 'glossaries.saveTerm',
      data: { source: 'The bank of the river.', target: 'Das Ufer des Flusses.', sourceLang: 'en', targetLang: 'de' },
    });
    expect(model.termNotice.value).toBe('Saved in “Saved terms”, now the default glossary of this language pair.');
  });

  it('says when there is no selection, and then sends nothing', async () => {
    const { model, send } = setUp();
    send.answers['sidepanel.selection'] = () => ({ ok: true, value: null });
    await model.readSelection();
    expect(model.selectionState.value).toBe('none');
    await model.translateSelection('de');
    expect(sentTypes(send)).toEqual(['sidepanel.selection']);
  });

  it('never sends a selection longer than Verso translates', async () => {
    const { model, send } = setUp();
    send.answers['sidepanel.selection'] = () => ({ ok: true, value: { ...selected, tooLong: true } });
    await model.readSelection();
    await model.translateSelection('de');
    expect(sentTypes(send)).toEqual(['sidepanel.selection']);
  });

  it('has no tab to read in a window without one', async () => {
    const { model, send } = setUp({ noTab: true });
    await model.readSelection();
    expect(model.selectionState.value).toBe('none');
    expect(send.sent).toEqual([]);
  });

  it('improves a pasted text and shows the changes word by word', async () => {
    const { model, send, copied } = setUp();
    model.setWriteText('I saw teh river.');
    model.setWriteMode('rephrase');
    await model.improve();
    expect(send.sent.at(-1)).toEqual({ type: 'writing.improve', data: { mode: 'rephrase', text: 'I saw teh river.' } });
    expect(model.improved.value).toBe('I saw the river.');
    expect(model.writeDiff.value?.changes.map((c) => [c.removed, c.added])).toEqual([['teh', 'the']]);
    await model.copy(model.improved.value);
    expect(copied).toEqual(['I saw the river.']);
    expect(model.notice.value).toBe('Copied.');
  });
});

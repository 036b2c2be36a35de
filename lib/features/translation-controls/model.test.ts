import { describe, expect, it } from 'vitest';
import type { Language, StyleRuleList, TranslationMemory } from '../../api/index.ts';
import { fakeSend, sentTypes } from '../../messaging/testing.ts';
import { memoryPreferences } from '../../settings/testing.ts';
import { TranslationControls, type TranslationControlsStore } from '../../settings/translation-controls.ts';
import { TranslationControlsModel } from './model.ts';

const lang = (code: string, styleRules: boolean): Language => ({
  lang: code,
  name: code.toUpperCase(),
  usable_as_source: true,
  usable_as_target: true,
  status: 'stable',
  features: styleRules ? { style_rules: { status: 'stable' } } : {},
});

const legal: StyleRuleList = { style_id: 's-1', name: 'Legal', language: 'de' };
const memory: TranslationMemory = {
  translation_memory_id: 'tm-1',
  name: 'Contracts',
  source_language: 'en',
  target_languages: ['de'],
};

function setUp(targetLang = 'fr') {
  const controls: TranslationControlsStore & { value: TranslationControls } = {
    value: TranslationControls.parse({}),
    get: async () => controls.value,
    update: async (change) => {
      controls.value = TranslationControls.parse(change(controls.value));
      return controls.value;
    },
  };
  const preferences = memoryPreferences({ targetLang, modelType: 'latency_optimized' });
  const send = fakeSend({
    'languages.get': () => ({ ok: true, value: [lang('en', false), lang('de', true), lang('fr', true)] }),
    'advanced.styleRules': () => ({ ok: true, value: [legal] }),
    'advanced.translationMemories': () => ({ ok: true, value: [memory] }),
  });
  const model = new TranslationControlsModel({ send, preferences, controls });
  return { model, send, controls, preferences };
}

describe('TranslationControlsModel', () => {
  it('loads settings, languages and the account lists, and shows the preferred target that takes style rules', async () => {
    const { model, send } = setUp('fr');
    await model.load();
    expect(sentTypes(send).sort()).toEqual(['advanced.styleRules', 'advanced.translationMemories', 'languages.get']);
    expect(model.targets.value.map((l) => l.lang)).toEqual(['de', 'fr']);
    expect(model.targetCode.value).toBe('fr');
    expect(model.styleLists.value).toEqual({ loading: false, items: [legal] });
  });

  it('falls back to the first target when the preferred one takes no style rules', async () => {
    const { model } = setUp('en');
    await model.load();
    expect(model.targetCode.value).toBe('de');
  });

  it('adds, edits and refuses instructions with the reason, and says the model is forced', async () => {
    const { model, controls } = setUp('de');
    await model.load();
    model.setInstructionDraft('Use the formal address.');
    expect(await model.submitInstruction('added')).toBeUndefined();
    expect(controls.value.customInstructions).toEqual({ de: ['Use the formal address.'] });
    expect(model.instructionDraft.value).toBe('');
    expect(model.notice.value).toBe('added');
    expect(model.forcedReasons.value).toEqual(['custom_instructions']);

    model.setInstructionDraft('Use the formal address.');
    expect(await model.submitInstruction('again')).toBe('duplicate');
    expect(model.instructionProblem.value).toBe('duplicate');
    model.setInstructionDraft('Use the formal address!');
    expect(model.instructionProblem.value).toBeUndefined();

    model.editInstruction(0);
    expect(model.instructionDraft.value).toBe('Use the formal address.');
    model.setInstructionDraft('Keep product names in English.');
    await model.submitInstruction('saved');
    expect(controls.value.customInstructions).toEqual({ de: ['Keep product names in English.'] });
    expect(model.instructionEditing.value).toBeUndefined();

    await model.removeInstruction('de', 0, 'removed');
    expect(controls.value.customInstructions).toEqual({});
  });

  it('drops the instruction being written when another target is shown', async () => {
    const { model } = setUp('de');
    await model.load();
    model.setInstructionDraft('Half written');
    model.chooseTarget('fr');
    expect(model.instructionDraft.value).toBe('');
  });

  it('chooses a style rule list, and none', async () => {
    const { model, controls } = setUp('de');
    await model.load();
    await model.chooseStyleList('de', legal, 'chosen');
    expect(controls.value.styleRules).toEqual({ de: { styleId: 's-1', name: 'Legal', language: 'de' } });
    await model.chooseStyleList('de', undefined, 'none');
    expect(controls.value.styleRules).toEqual({});
  });

  it('offers only memories that cover the pair, checks the form, and saves the choice', async () => {
    const { model, controls } = setUp('de');
    await model.load();
    expect(await model.submitMemory(() => 'saved')).toBe(false);
    expect(model.memoryProblems.value).toEqual({ pair: 'missing' });

    model.changeMemoryDraft({ source: 'en', target: 'fr' });
    expect(model.fittingMemories.value).toEqual([]);
    model.changeMemoryDraft({ target: 'de', memoryId: 'tm-1', threshold: '101' });
    expect(await model.submitMemory(() => 'saved')).toBe(false);
    expect(model.memoryProblems.value).toEqual({ threshold: 'invalid' });

    model.changeMemoryDraft({ threshold: '80' });
    expect(await model.submitMemory((m, from, into) => `${m.name} ${from}>${into}`)).toBe(true);
    expect(model.notice.value).toBe('Contracts en>de');
    expect(controls.value.translationMemories).toEqual({
      'en>de': { memoryId: 'tm-1', name: 'Contracts', sourceLang: 'en', targetLangs: ['de'], threshold: 80 },
    });
    expect(model.memoryDraft.value).toEqual({ source: 'en', target: 'de', memoryId: '', threshold: '80' });

    model.changeMemoryDraft({ memoryId: 'tm-1' });
    model.changeMemoryDraft({ source: 'fr' });
    expect(model.memoryDraft.value.memoryId).toBe('');

    await model.removeMemory('en>de', 'removed');
    expect(controls.value.translationMemories).toEqual({});
  });

  it('switches markup handling v2 in the controls and usage tags in the preferences', async () => {
    const { model, controls, preferences } = setUp();
    await model.load();
    await model.setTagHandlingV2(true, 'on');
    await model.setReportingTags(true, 'tags on');
    expect(controls.value.tagHandlingV2).toBe(true);
    expect(preferences.value.reportingTags).toBe(true);
    expect(model.preferences.value.reportingTags).toBe(true);
    expect(model.notice.value).toBe('tags on');
  });

  it('offers a retry when a list cannot be had', async () => {
    const { model, send } = setUp();
    send.answers['advanced.styleRules'] = () => ({ ok: false, error: { name: 'Error', code: 'network', message: '' } });
    await model.load();
    expect(model.styleLists.value.error?.code).toBe('network');
    send.answers['advanced.styleRules'] = () => ({ ok: true, value: [legal] });
    await model.loadStyleLists();
    expect(model.styleLists.value).toEqual({ loading: false, items: [legal] });
  });
});

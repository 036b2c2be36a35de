import { browser } from 'wxt/browser';
import type { z } from 'zod';
import type { ApiClient, Language } from '../api/index.ts';
import { baseOf, formalityFor, hasFeature, sourceCodeFor, withRecent } from '../features/selection/languages.ts';
import type {
  GlossaryOption,
  PopupTranslateInput,
  PopupTranslation,
  SelectionTranslateInput,
  SelectionTranslation,
} from '../features/selection/messages.ts';
import { popupDraftItem } from '../features/selection/popup-draft.ts';
import { runTextJob, type TextJobDeps } from '../features/selection/text-job.ts';
import { handle } from '../messaging/handle.ts';
import { getGlossaryDefaults, getPreferences, updatePreferences } from '../settings/items.ts';
import { glossaryPairKey } from '../settings/schema.ts';
import { clientFor } from './client.ts';
import { glossaryCache } from './glossaries.ts';
import { getLanguages } from './languages.ts';

/**
 * The languages' features decide formality and glossary use. Without the list Verso passes choices
 * through (prefer_ formality), so a slow or failing list must not hold a translation up.
 */
const LANGUAGES_WAIT_MS = 3000;
const knownLanguages = (): Promise<Language[]> =>
  Promise.race([
    getLanguages('translate_text').catch(() => []),
    new Promise<Language[]>((resolve) => setTimeout(() => resolve([]), LANGUAGES_WAIT_MS)),
  ]);

function jobDeps(client: ApiClient, languages: readonly Language[]): TextJobDeps {
  return {
    translate: (params) => client.translate(params),
    async defaultGlossary(source, target) {
      const usable = hasFeature(source, languages, 'glossary') && hasFeature(target, languages, 'glossary');
      if (languages.length > 0 && !usable) return undefined;
      return (await getGlossaryDefaults())[glossaryPairKey(source, target)] || undefined;
    },
  };
}

async function translateSelection(data: z.output<typeof SelectionTranslateInput>): Promise<SelectionTranslation> {
  const [prefs, languages] = await Promise.all([getPreferences(), knownLanguages()]);
  const targetLang = data.targetLang ?? prefs.targetLang;
  if (data.remember && data.targetLang) {
    await updatePreferences({ targetLang, recentTargets: withRecent(prefs.recentTargets, targetLang) });
  }
  const declared = data.pageLang ? sourceCodeFor(data.pageLang, languages) : undefined;
  // A page declaring the target's own language is usually quoting something else here: let it be detected.
  const sourceLang = declared && baseOf(declared) !== baseOf(targetLang) ? declared : undefined;
  const formality = data.formality ?? prefs.formality;
  const client = await clientFor('selection');
  const out = await runTextJob(
    {
      texts: data.paragraphs,
      targetLang,
      sourceLang,
      formality: formalityFor(formality, targetLang, languages),
      context: prefs.sendContext ? data.context : undefined,
      tagHandling: 'html',
      glossary: { kind: 'default' },
    },
    jobDeps(client, languages),
  );
  return {
    paragraphs: out.texts,
    detectedSource: out.detectedSource,
    sourceLang: out.sourceLang,
    sourceDetected: sourceLang === undefined,
    targetLang,
    formality,
    glossaryId: out.glossaryId,
  };
}

async function translateForPopup(data: z.output<typeof PopupTranslateInput>): Promise<PopupTranslation> {
  const languages = await knownLanguages();
  const sourceLang = data.sourceLang ? (sourceCodeFor(data.sourceLang, languages) ?? data.sourceLang) : undefined;
  const client = await clientFor('popup');
  const out = await runTextJob(
    {
      texts: [data.text],
      targetLang: data.targetLang,
      sourceLang,
      formality: formalityFor(data.formality ?? 'default', data.targetLang, languages),
      glossary: data.glossary,
    },
    jobDeps(client, languages),
  );
  return {
    text: out.texts[0] ?? '',
    detectedSource: out.detectedSource,
    sourceLang: out.sourceLang,
    sourceDetected: sourceLang === undefined,
    glossaryId: out.glossaryId,
  };
}

async function glossariesForPair(source: string, target: string): Promise<GlossaryOption[]> {
  const cache = glossaryCache();
  const { glossaries } = await cache.refresh().catch(() => cache.cached());
  const defaultId = (await getGlossaryDefaults())[glossaryPairKey(source, target)];
  return glossaries
    .filter((g) =>
      g.dictionaries.some((d) => baseOf(d.source_lang) === baseOf(source) && baseOf(d.target_lang) === baseOf(target)),
    )
    .map((g) => ({ id: g.glossary_id, name: g.name, isDefault: g.glossary_id === defaultId }));
}

async function openInPopup(text: string, targetLang: string | undefined): Promise<{ opened: boolean }> {
  await popupDraftItem.setValue({ text, ...(targetLang ? { targetLang } : {}), at: Date.now() });
  try {
    // Not every browser version lets an extension open its popup; the draft then waits for a click.
    await browser.action.openPopup();
    return { opened: true };
  } catch {
    return { opened: false };
  }
}

export function setUpSelectionHandlers(): void {
  handle('selection.translate', translateSelection);
  handle('selection.openInPopup', ({ text, targetLang }) => openInPopup(text, targetLang));
  handle('popup.translate', translateForPopup);
  handle('popup.glossaries', ({ sourceLang, targetLang }) => glossariesForPair(sourceLang, targetLang));
}

import { browser } from 'wxt/browser';
import type { z } from 'zod';
import type { ApiClient } from '../../api/index.ts';
import { clientFor } from '../../background/client.ts';
import { baseOf, glossariesForPair, sourceCodeFor, withRecent } from '../../languages/index.ts';
import { handle, type Sender } from '../../messaging/handle.ts';
import { getGlossaryDefaults, getPreferences, updatePreferences } from '../../settings/items.ts';
import { glossaryPairKey } from '../../settings/schema.ts';
import { glossaryCache } from '../glossaries/cache.background.ts';
import { type GoneGlossary, goneGlossaries, goneNote, refreshKeepingDefaults } from '../glossaries/gone.background.ts';
import { popupDraftItem } from '../quick-translate/draft.ts';
import { siteHostOf } from '../site-rules/rules.ts';
import { charge, chargeSender } from '../spending/background.ts';
import {
  type ResolvedParams,
  resolveTranslateParams,
  type TranslateRequest,
  translateLanguages,
} from '../translation-controls/params.background.ts';
import type {
  GlossaryOption,
  PopupTranslateInput,
  PopupTranslation,
  SelectionTranslateInput,
  SelectionTranslation,
} from './messages.ts';
import { runTextJob, type TextJobDeps } from './text-job.ts';

/**
 * Job dependencies whose parameters come from the one resolver (translate-params.ts), asked per source.
 * A glossary deleted elsewhere is left out and the text translated without it (gone.background.ts).
 */
function jobDeps(client: ApiClient, request: Omit<TranslateRequest, 'sourceLang'>) {
  const resolved = new Map<string, ResolvedParams>();
  const dropped = new Map<string, GoneGlossary>();
  const deps: TextJobDeps = {
    async translate(params) {
      const out = await goneGlossaries().run(params, (p) => client.translate(p));
      if (out.dropped) dropped.set(out.dropped.glossaryId, out.dropped);
      return out.value;
    },
    async paramsFor(source) {
      const out = await resolveTranslateParams({ ...request, ...(source ? { sourceLang: source } : {}) });
      resolved.set(source ?? '', out);
      return out.params;
    },
  };
  /** The resolution whose parameters were sent last: the job's final source names it ('' for detection). */
  const used = (sourceLang: string | undefined) => resolved.get(sourceLang ?? '');
  /** The glossary the answer really used, and the notes of the resolution plus why a glossary was left out. */
  const outcome = (out: { sourceLang?: string; glossaryId?: string }) => {
    const gone = out.glossaryId ? dropped.get(out.glossaryId) : undefined;
    const notes = used(out.sourceLang)?.notes.map((n) => n.message) ?? [];
    return { glossaryId: gone ? undefined : out.glossaryId, notes: gone ? [...notes, goneNote(gone)] : notes };
  };
  return { deps, used, outcome };
}

/**
 * The service read the text as the target's own language (docs/contract.md §4.1 rule 8: it comes back
 * unchanged, and is billed): only when it detected the source, since a source the person chose is theirs.
 */
const alreadyIn = (chosenSource: string | undefined, detected: string, target: string) =>
  chosenSource === undefined && detected !== '' && baseOf(detected) === baseOf(target);

async function translateSelection(
  data: z.output<typeof SelectionTranslateInput>,
  sender: Sender,
): Promise<SelectionTranslation> {
  const [prefs, languages] = await Promise.all([getPreferences(), translateLanguages()]);
  const targetLang = data.targetLang ?? prefs.targetLang;
  if (data.remember && data.targetLang) {
    await updatePreferences({ targetLang, recentTargets: withRecent(prefs.recentTargets, targetLang) });
  }
  const declared = data.pageLang ? sourceCodeFor(data.pageLang, languages) : undefined;
  // A page declaring the target's own language is usually quoting something else here: let it be detected.
  const sourceLang = declared && baseOf(declared) !== baseOf(targetLang) ? declared : undefined;
  // Site rules are per site, not per frame: the tab's page decides.
  const host = siteHostOf(sender.tab?.url ?? sender.url);
  await chargeSender(
    sender,
    'selection',
    data.paragraphs.reduce((n, p) => n + p.length, 0),
  );
  const client = await clientFor('selection');
  const { deps, used, outcome } = jobDeps(client, {
    feature: 'selection',
    targetLang,
    tagHandling: 'html',
    ...(host ? { host } : {}),
    ...(data.context ? { context: data.context } : {}),
    ...(data.formality ? { overrides: { formality: data.formality } } : {}),
  });
  const out = await runTextJob({ texts: data.paragraphs, ...(sourceLang ? { sourceLang } : {}) }, deps);
  const resolution = used(out.sourceLang);
  const { glossaryId, notes } = outcome(out);
  return {
    paragraphs: out.texts,
    detectedSource: out.detectedSource,
    sourceLang: out.sourceLang,
    sourceDetected: sourceLang === undefined,
    targetLang,
    formality: resolution?.chosen.formality ?? data.formality ?? prefs.formality,
    glossaryId,
    ...(out.modelTypeUsed ? { modelTypeUsed: out.modelTypeUsed } : {}),
    notes,
    ...(alreadyIn(sourceLang, out.detectedSource, targetLang) ? { alreadyInTarget: true as const } : {}),
  };
}

async function translateForPopup(data: z.output<typeof PopupTranslateInput>): Promise<PopupTranslation> {
  const languages = await translateLanguages();
  const sourceLang = data.sourceLang ? (sourceCodeFor(data.sourceLang, languages) ?? data.sourceLang) : undefined;
  // Typed or pasted into Verso's own popup: only the browser's limits apply (no site to hold back).
  await charge({ feature: 'popup', chars: data.text.length });
  const client = await clientFor('popup');
  const { deps, outcome } = jobDeps(client, {
    feature: 'popup',
    targetLang: data.targetLang,
    overrides: { ...(data.formality ? { formality: data.formality } : {}), glossary: data.glossary },
  });
  const out = await runTextJob({ texts: [data.text], ...(sourceLang ? { sourceLang } : {}) }, deps);
  const { glossaryId, notes } = outcome(out);
  return {
    text: out.texts[0] ?? '',
    detectedSource: out.detectedSource,
    sourceLang: out.sourceLang,
    sourceDetected: sourceLang === undefined,
    glossaryId,
    ...(out.modelTypeUsed ? { modelTypeUsed: out.modelTypeUsed } : {}),
    notes,
    ...(alreadyIn(sourceLang, out.detectedSource, data.targetLang) ? { alreadyInTarget: true as const } : {}),
  };
}

async function popupGlossaries(source: string, target: string): Promise<GlossaryOption[]> {
  const cache = glossaryCache();
  const { glossaries } = await refreshKeepingDefaults(cache, goneGlossaries()).catch(() => cache.cached());
  const defaultId = (await getGlossaryDefaults())[glossaryPairKey(source, target)];
  return glossariesForPair(glossaries, source, target).map((g) => ({
    id: g.glossary_id,
    name: g.name,
    isDefault: g.glossary_id === defaultId,
  }));
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
  handle('popup.glossaries', ({ sourceLang, targetLang }) => popupGlossaries(sourceLang, targetLang));
}

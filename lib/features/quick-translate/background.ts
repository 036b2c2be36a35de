import { browser } from 'wxt/browser';
import type { z } from 'zod';
import { clientFor } from '../../background/client.ts';
import { glossariesForPair, sourceCodeFor } from '../../languages/index.ts';
import type { Sender } from '../../messaging/handle.ts';
import { handle } from '../../messaging/handle.ts';
import { getGlossaryDefaults } from '../../settings/items.ts';
import { glossaryPairKey } from '../../settings/schema.ts';
import { alreadyIn, textJobDeps } from '../../translate-text/deps.background.ts';
import { runTextJob } from '../../translate-text/index.ts';
import { noteTranslated } from '../../translate-text/translated.background.ts';
import { glossaryCache } from '../glossaries/cache.background.ts';
import { goneGlossaries, refreshKeepingDefaults } from '../glossaries/gone.background.ts';
import { charge } from '../spending/background.ts';
import { translateLanguages } from '../translation-controls/params.background.ts';
import { popupDraftItem } from './draft.ts';
import type { GlossaryOption, PopupTranslateInput, PopupTranslation } from './messages.ts';

async function translateForPopup(
  data: z.output<typeof PopupTranslateInput>,
  sender: Sender,
): Promise<PopupTranslation> {
  const languages = await translateLanguages();
  const sourceLang = data.sourceLang ? (sourceCodeFor(data.sourceLang, languages) ?? data.sourceLang) : undefined;
  // Typed or pasted into Verso's own popup: only the browser's limits apply (no site to hold back).
  await charge({ feature: 'popup', chars: data.text.length });
  const client = await clientFor('popup');
  const { deps, outcome } = textJobDeps(client, {
    feature: 'popup',
    targetLang: data.targetLang,
    overrides: { ...(data.formality ? { formality: data.formality } : {}), glossary: data.glossary },
  });
  const out = await runTextJob({ texts: [data.text], ...(sourceLang ? { sourceLang } : {}) }, deps);
  const { glossaryId, notes } = outcome(out);
  await noteTranslated(
    {
      origin: data.from,
      text: data.text,
      translation: out.texts[0] ?? '',
      sourceLang: out.sourceLang ?? out.detectedSource,
      targetLang: data.targetLang,
    },
    sender,
  );
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

export function setUpQuickTranslate(): void {
  handle('selection.openInPopup', ({ text, targetLang }) => openInPopup(text, targetLang));
  handle('popup.translate', translateForPopup);
  handle('popup.glossaries', ({ sourceLang, targetLang }) => popupGlossaries(sourceLang, targetLang));
}

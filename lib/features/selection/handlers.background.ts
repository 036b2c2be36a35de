import type { z } from 'zod';
import { clientFor } from '../../background/client.ts';
import { baseOf, sourceCodeFor, withRecent } from '../../languages/index.ts';
import { handle, type Sender } from '../../messaging/handle.ts';
import { getPreferences, updatePreferences } from '../../settings/items.ts';
import { alreadyIn, textJobDeps } from '../../translate-text/deps.background.ts';
import { runTextJob } from '../../translate-text/index.ts';
import { noteTranslated, plainTextOf } from '../../translate-text/translated.background.ts';
import { saveTermInGlossary } from '../glossaries/save-term.background.ts';
import { siteHostOf } from '../site-rules/rules.ts';
import { chargeSender } from '../spending/background.ts';
import { translateLanguages } from '../translation-controls/params.background.ts';
import type { SelectionTranslateInput, SelectionTranslation } from './messages.ts';

/**
 * Translates a selection of `sender`'s page (its site's rules and budget apply). The side panel asks
 * for the tab's selection too (`origin: 'sidepanel'`, lib/features/sidepanel/background.ts).
 */
export async function translateSelection(
  data: z.output<typeof SelectionTranslateInput>,
  sender: Sender,
  origin: 'selection' | 'sidepanel' = 'selection',
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
  const { deps, used, outcome } = textJobDeps(client, {
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
  await noteTranslated(
    {
      origin,
      text: data.paragraphs.map(plainTextOf).join('\n\n'),
      translation: out.texts.map(plainTextOf).join('\n\n'),
      sourceLang: out.sourceLang ?? out.detectedSource,
      targetLang,
      ...(host ? { site: host } : {}),
      ...(data.context ? { context: data.context } : {}),
    },
    sender,
  );
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

export function setUpSelectionHandlers(): void {
  handle('selection.translate', (data, sender) => translateSelection(data, sender));
  // The person's click on the bubble's Save (a visible, trusted click: components/selection/Bubble.tsx).
  handle('selection.saveTerm', (term) => saveTermInGlossary(term));
}

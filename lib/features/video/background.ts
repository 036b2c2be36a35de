import { browser } from 'wxt/browser';
import { ensureFeatures, needsFeaturesFor } from '../../background/boot.ts';
import { clientFor } from '../../background/client.ts';
import { registerCommand } from '../../background/menus.ts';
import { baseOf, sourceCodeFor } from '../../languages/index.ts';
import { handle, type Sender } from '../../messaging/handle.ts';
import { send } from '../../messaging/protocol.ts';
import { getPreferences } from '../../settings/items.ts';
import { textJobDeps } from '../../translate-text/deps.background.ts';
import { runTextJob } from '../../translate-text/index.ts';
import { siteHostOf } from '../site-rules/rules.ts';
import { chargeSender } from '../spending/background.ts';
import { translateLanguages } from '../translation-controls/params.background.ts';
import type { VideoOptions, VideoTranslation } from './messages.ts';
import { chooseVideo, getVideoChoices } from './store.background.ts';

export const VIDEO_COMMAND = 'toggle-video-subtitles';

/** The site of the tab a message came from (site choices are per site, not per frame). */
const siteOf = (sender: Sender) => siteHostOf(sender.tab?.url ?? sender.url);

async function shortcutOf(name: string): Promise<string> {
  try {
    return (await browser.commands.getAll()).find((c) => c.name === name)?.shortcut ?? '';
  } catch {
    return '';
  }
}

async function optionsFor(sender: Sender): Promise<VideoOptions> {
  const [choices, prefs, shortcut] = await Promise.all([
    getVideoChoices(),
    getPreferences(),
    shortcutOf(VIDEO_COMMAND),
  ]);
  const site = siteOf(sender);
  return { on: !!site && choices.sites.includes(site), mode: choices.mode, targetLang: prefs.targetLang, shortcut };
}

/**
 * Cues near the playhead: billed to the page's site through the spending guard (the cues only; their
 * neighbours go as context, which the contract does not bill), with the pair's glossary, formality and
 * the site's rule, through the shared text job.
 */
async function translateCues(
  data: { cues: string[]; context?: string; trackLang?: string },
  sender: Sender,
): Promise<VideoTranslation> {
  const [prefs, languages] = await Promise.all([getPreferences(), translateLanguages()]);
  const targetLang = prefs.targetLang;
  const declared = data.trackLang ? sourceCodeFor(data.trackLang, languages) : undefined;
  // A track labelled in the target's own language is likely mislabelled: let the service detect it.
  const sourceLang = declared && baseOf(declared) !== baseOf(targetLang) ? declared : undefined;
  const host = siteOf(sender);
  await chargeSender(
    sender,
    'video',
    data.cues.reduce((n, c) => n + c.length, 0),
  );
  const client = await clientFor('video');
  const { deps } = textJobDeps(client, {
    feature: 'video',
    targetLang,
    ...(host ? { host } : {}),
    ...(data.context && prefs.sendContext ? { context: data.context } : {}),
  });
  const out = await runTextJob({ texts: data.cues, ...(sourceLang ? { sourceLang } : {}) }, deps);
  return { texts: out.texts, targetLang, detectedSource: out.detectedSource };
}

/**
 * The shortcut or the popup: Verso's features come into the tab (the person's gesture) and every
 * frame playing a video toggles; the top frame's answer is the one reported.
 */
export async function toggleIn(tabId: number | undefined): Promise<{ on: boolean } | null> {
  if (tabId === undefined || tabId < 0) return null;
  if (!(await ensureFeatures(tabId, 'all'))) return null;
  const answer = await send('video.toggle', {}, { tabId }).catch(() => undefined);
  return answer?.ok ? answer.value : null;
}

export function setUpVideo(): void {
  // A video began to play: the features come in only where the person chose translated subtitles.
  needsFeaturesFor(['video'], async (_data, sender) => (await optionsFor(sender)).on);
  handle('video.options', (_data, sender) => optionsFor(sender));
  handle('video.choose', async (data, sender) => {
    await chooseVideo(siteOf(sender), data);
    return null;
  });
  handle('video.translate', translateCues);
  handle('video.popupToggle', (data) => toggleIn(data.tabId));
  registerCommand(VIDEO_COMMAND, (tab) => void toggleIn(tab?.id));
}

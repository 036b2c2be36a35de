import type { Browser } from 'wxt/browser';
import { ensureFeatures, needsFeaturesFor } from '../../background/boot.ts';
import { clientFor } from '../../background/client.ts';
import { registerCommand, registerMenuItem } from '../../background/menus.ts';
import { handle, type Sender } from '../../messaging/handle.ts';
import { send } from '../../messaging/protocol.ts';
import { getCredentials } from '../../settings/credentials.ts';
import { getPreferences, getSiteRules, ruleFor } from '../../settings/items.ts';
import { t } from '../../ui/i18n.ts';
import { siteHostOf } from '../site-rules/rules.ts';
import { chargeSender } from '../spending/background.ts';
import { checkSentences } from './check.background.ts';
import { PersonalDictionary } from './dictionary.background.ts';
import { improveWith, paidOnly, tierOf, WritingError } from './improve.background.ts';
import type { TypingStatus, WritingAction } from './messages.ts';
import { browserDetect } from './paragraph-language.ts';
import { translateTyped } from './translate.background.ts';
import { asYouTypeOn, getTypingSettings, updateSiteTyping } from './typing-settings.ts';

/** The manifest command (wxt.config.ts) that opens writing help on the focused field. */
const IMPROVE_WRITING_COMMAND = 'improve-writing';

/** Writing help is off when the person disabled it for the frame's site or the tab's site. */
async function siteAllowsWriting(sender: Sender): Promise<boolean> {
  const hosts = [siteHostOf(sender.url), siteHostOf(sender.tab?.url)].filter((h): h is string => !!h);
  if (hosts.length === 0) return true;
  const rules = await getSiteRules();
  return !hosts.some((host) => ruleFor(rules, host).disableWriting);
}

/** The site the typing switches of a sender apply to: its frame's, else its tab's. */
const typingHost = (sender: Sender) => siteHostOf(sender.url) ?? siteHostOf(sender.tab?.url);

/** Checking as you type for the sender: its frame's site (or the tab's) and whether its window is private. */
async function typingFor(sender: Sender): Promise<TypingStatus> {
  const [settings, prefs] = await Promise.all([getTypingSettings(), getPreferences()]);
  const host = typingHost(sender);
  const incognito = !!(sender.tab as { incognito?: boolean } | undefined)?.incognito;
  const site = host ? settings.sites[host] : undefined;
  return {
    asYouType: asYouTypeOn(settings, host, incognito),
    pauseMs: settings.pauseMs,
    codeEditors: settings.codeEditors,
    translateGesture: settings.translateGesture,
    nextKey: settings.nextKey,
    translateTo: site?.translateTo ?? settings.translateTo ?? prefs.targetLang,
    incognito,
    ...(host ? { host } : {}),
    ...(site?.asYouType !== undefined ? { siteAsYouType: site.asYouType } : {}),
  };
}

/** Asks the tab's content script (one frame, or every frame, where only the focused one acts). */
async function trigger(tab: Browser.tabs.Tab | undefined, action: WritingAction, frameId?: number): Promise<void> {
  if (tab?.id === undefined) return;
  // The person's menu click or shortcut: Verso's features go in first where they are not yet.
  if (!(await ensureFeatures(tab.id, frameId !== undefined ? [frameId] : 'all'))) return;
  try {
    await send('writing.trigger', { action }, { tabId: tab.id, ...(frameId !== undefined ? { frameId } : {}) });
  } catch {
    // No content script there (browser pages, the web store): nothing to improve.
  }
}

/** Handlers, right-click items and the shortcut of writing help. */
export function setUpWriting(): void {
  // The person's click or key in a field: writing help's code, where the site allows it.
  needsFeaturesFor(['field'], (_data, sender) => siteAllowsWriting(sender));

  handle('writing.status', async (_data, sender) => {
    const [enabled, creds, typing] = await Promise.all([
      siteAllowsWriting(sender),
      getCredentials(),
      typingFor(sender),
    ]);
    return { enabled, tier: tierOf(creds.apiKey), typing };
  });

  handle('writing.check', async (data, sender) => {
    const [allowed, typing, creds] = await Promise.all([
      siteAllowsWriting(sender),
      typingFor(sender),
      getCredentials(),
    ]);
    if (!allowed || !typing.asYouType) {
      throw new WritingError('site_disabled', 'Checking as you type is turned off for this site.');
    }
    if (tierOf(creds.apiKey) === 'free') throw paidOnly();
    await chargeSender(
      sender,
      'writing',
      data.sentences.reduce((n, s) => n + s.length, 0),
    );
    // No retries in the client: the field's check backs off itself and then sends what is still unchecked.
    return checkSentences(await clientFor('writing', { retry: false }), data.sentences, data.langs);
  });

  handle('writing.language', async ({ text }) => (await browserDetect(text)) ?? null);

  handle('writing.improve', async (data, sender) => {
    if (!(await siteAllowsWriting(sender))) {
      throw new WritingError('site_disabled', 'Writing help is turned off for this site.');
    }
    const creds = await getCredentials();
    // A free key would only earn a 403: say why without sending the text anywhere.
    if (tierOf(creds.apiKey) === 'free') throw paidOnly();
    await chargeSender(sender, 'writing', data.text.length);
    return improveWith(await clientFor('writing'), data);
  });

  handle('writing.translate', async ({ text }, sender) => {
    if (!(await siteAllowsWriting(sender))) {
      throw new WritingError('site_disabled', 'Writing help is turned off for this site.');
    }
    const typing = await typingFor(sender);
    if (typing.translateGesture === 'off') {
      throw new WritingError('site_disabled', '"Translate what I type" is turned off.');
    }
    await chargeSender(sender, 'writing', text.length);
    return translateTyped(await clientFor('writing'), text, typing.translateTo, typing.host);
  });

  handle('writing.site', async (data, sender) => {
    const host = typingHost(sender);
    if (!host) throw new WritingError('site_disabled', 'This page has no site to keep a setting for.');
    const patch: { asYouType?: boolean; translateTo?: string } = {};
    if (data.asYouType !== undefined) patch.asYouType = data.asYouType ?? undefined;
    if (data.translateTo !== undefined) patch.translateTo = data.translateTo ?? undefined;
    await updateSiteTyping(host, patch);
    return typingFor(sender);
  });

  const dictionary = new PersonalDictionary();
  // A private window's words stay in memory (docs/privacy.md, "Private windows").
  handle('writing.dictionary.list', (_data, sender) =>
    dictionary.list({ withPrivate: sender.tab?.incognito === true }),
  );
  handle('writing.dictionary.add', async ({ word }, sender) => {
    await dictionary.add(word, Date.now(), { memoryOnly: sender.tab?.incognito === true });
    return null;
  });
  handle('writing.dictionary.remove', async ({ word }) => {
    await dictionary.remove(word);
    return null;
  });

  registerMenuItem({
    id: 'verso-writing-correct',
    title: t('writingMenuCorrect', 'Correct text'),
    contexts: ['editable'],
    onClick: (info, tab) => trigger(tab, 'correct', info.frameId),
  });
  registerMenuItem({
    id: 'verso-writing-rephrase',
    title: t('writingMenuImprove', 'Improve writing'),
    contexts: ['editable'],
    onClick: (info, tab) => trigger(tab, 'rephrase', info.frameId),
  });
  registerCommand(IMPROVE_WRITING_COMMAND, (tab) => trigger(tab, 'open'));
}

import { browser } from 'wxt/browser';
import type { BootReason } from '../bootstrap/state.ts';
import type { BootLoadInput } from '../messaging/core-messages.ts';
import { handle, type Sender } from '../messaging/handle.ts';

/** The bundle of Verso's content features (entrypoints/features.ts), injected on first need. */
export const FEATURES_FILE = '/features.js';

/** Whether a frame needs Verso's features for what its person did; each feature answers for its reasons. */
export type BootDecider = (data: BootLoadInput, sender: Sender) => Promise<boolean> | boolean;

const deciders = new Map<BootReason, BootDecider[]>();

/** A feature says which of the bootstrap's reasons it needs its code for (in its background.ts). */
export function needsFeaturesFor(reasons: readonly BootReason[], decide: BootDecider): void {
  for (const reason of reasons) deciders.set(reason, [...(deciders.get(reason) ?? []), decide]);
}

/** What the bootstrap answers: it loads the features into its frame, then replies. */
const featuresMessage = () => ({ id: 0, type: 'boot.features', data: {}, timestamp: Date.now() });

/**
 * Brings Verso's features into frames of a tab (the ones named, or all) before the worker sends them a
 * command: each frame's bootstrap imports them (once; again is a no-op). A tab opened before Verso was
 * installed has no bootstrap: the person's click or shortcut granted activeTab, so the features are
 * injected instead. False when nothing could be loaded (the browser's own pages, the web store).
 */
export async function ensureFeatures(tabId: number, frames: number[] | 'all'): Promise<boolean> {
  const ask = (frameId?: number) =>
    browser.tabs
      .sendMessage(tabId, featuresMessage(), frameId !== undefined ? { frameId } : undefined)
      .then((answer) => !!(answer as { res?: { loaded?: boolean } } | undefined)?.res?.loaded)
      .catch(() => false);
  const answers = await Promise.all(frames === 'all' ? [ask()] : frames.map((frameId) => ask(frameId)));
  if (answers.every(Boolean)) return true;
  try {
    await browser.scripting.executeScript({
      target: frames === 'all' ? { tabId, allFrames: true } : { tabId, frameIds: frames },
      files: [FEATURES_FILE],
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * The bootstrap's question: the worker decides from the settings whether the frame loads the features.
 * Chrome's bootstrap then imports them; in Firefox the worker injects them itself (scripts/build/bootstrap.ts).
 */
export function setUpBoot(): void {
  handle('boot.load', async (data, sender) => {
    let wanted = false;
    for (const decide of deciders.get(data.reason) ?? []) {
      if (await Promise.resolve(decide(data, sender)).catch(() => false)) {
        wanted = true;
        break;
      }
    }
    const tabId = sender.tab?.id;
    if (wanted && import.meta.env.FIREFOX && tabId !== undefined) {
      await ensureFeatures(tabId, [sender.frameId ?? 0]);
    }
    return { load: wanted };
  });
}

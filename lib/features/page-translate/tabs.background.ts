import { ensureFeatures } from '../../background/boot.ts';
import { type MessageInput, type MessageOutput, send } from '../../messaging/protocol.ts';
import type { Result } from '../../messaging/result.ts';
import type { PageAction, PageDelivered, PageFailure, PageTrigger, PageView } from './messages.ts';

type TopFrameMessage = 'page.results' | 'page.failed' | 'page.command' | 'page.doc';

/** Page translation lives in the top frame only: its messages go to frame 0 of the tab. */
function sendTop<K extends TopFrameMessage>(
  tabId: number,
  type: K,
  data: MessageInput<K>,
): Promise<Result<MessageOutput<K>>> {
  return send(type, data, { tabId, frameId: 0 });
}

/** Hands translations to the tab. False when nobody listens there any more (tab closed, page gone). */
export async function deliverToTab(tabId: number, items: PageDelivered[]): Promise<boolean> {
  try {
    await sendTop(tabId, 'page.results', { items });
    return true;
  } catch {
    return false;
  }
}

/**
 * Hands translations to a frame of the tab; to every frame when it is not known which one shows the
 * document (work restored after a worker restart): each frame takes only the ids it waits for.
 */
export async function deliverToFrame(
  tabId: number,
  frameId: number | undefined,
  items: PageDelivered[],
): Promise<boolean> {
  try {
    await send('page.results', { items }, { tabId, ...(frameId !== undefined ? { frameId } : {}) });
    return true;
  } catch {
    return false;
  }
}

export async function failInFrame(
  tabId: number,
  frameId: number | undefined,
  ids: string[],
  error: PageFailure,
): Promise<boolean> {
  try {
    await send('page.failed', { ids, error }, { tabId, ...(frameId !== undefined ? { frameId } : {}) });
    return true;
  } catch {
    return false;
  }
}

export async function failInTab(tabId: number, ids: string[], error: PageFailure): Promise<boolean> {
  try {
    await sendTop(tabId, 'page.failed', { ids, error });
    return true;
  } catch {
    return false;
  }
}

/** The document the tab's top frame shows, or undefined when no content script answers there. */
export async function docInTab(tabId: number): Promise<string | undefined> {
  try {
    const result = await sendTop(tabId, 'page.doc', {});
    return result.ok ? result.value.docId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Asks the tab's page to act and returns where it stands; null when the tab cannot be translated (the
 * browser's own pages, the web store). Verso's features come into a page on first need (lib/bootstrap):
 * where they are not yet, or in a tab opened before Verso was installed (a person's click or shortcut
 * grants activeTab), they are injected and the page asked again.
 */
export async function commandTab(
  tabId: number | undefined,
  action: PageAction,
  trigger: PageTrigger,
): Promise<PageView | null> {
  if (tabId === undefined || tabId < 0) return null;
  const ask = async () => {
    const result = await sendTop(tabId, 'page.command', { action, trigger });
    if (!result.ok) throw Object.assign(new Error(result.error.message), result.error);
    return result.value;
  };
  try {
    return await ask();
  } catch (first) {
    if ((first as { code?: unknown }).code !== undefined) return null;
    try {
      if (!(await ensureFeatures(tabId, [0]))) return null;
    } catch {
      return null;
    }
    // The script's features start one after another: give this one a moment to listen.
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        return await ask();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    return null;
  }
}

import { storage } from 'wxt/utils/storage';
import { z } from 'zod';

/**
 * Text handed from the selection bubble to the popup ("Open in popup"). Session storage: it is
 * forgotten with the browser session and never written to disk. Content scripts cannot reach session
 * storage, so the background writes it and the popup takes it.
 */
export const PopupDraft = z.object({
  text: z.string(),
  targetLang: z.string().optional(),
  at: z.number(),
});
export type PopupDraft = z.infer<typeof PopupDraft>;

/** A draft older than this was not meant for the popup opened now. */
export const DRAFT_TTL_MS = 10 * 60 * 1000;

export const popupDraftItem = storage.defineItem<PopupDraft | null>('session:popupDraft', { fallback: null });

/** Reads and clears the draft; undefined when there is none or it is stale. */
export async function takePopupDraft(now = Date.now()): Promise<PopupDraft | undefined> {
  const parsed = PopupDraft.safeParse(await popupDraftItem.getValue());
  await popupDraftItem.removeValue();
  if (!parsed.success || now - parsed.data.at > DRAFT_TTL_MS) return undefined;
  return parsed.data;
}

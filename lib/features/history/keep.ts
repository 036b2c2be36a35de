import type { Sender } from '../../messaging/handle.ts';

export interface KeepFacts {
  /** The person's switch (the history panel's "Keep a history"). */
  enabled: boolean;
  /** Whether the window the person acted in is private, for Verso's own pages (they have no tab). */
  pageWindowPrivate(): Promise<boolean>;
}

/**
 * Whether a translation goes into the history: never when the switch is off, never from a private
 * (incognito) window. A content script's sender names its tab, and so whether it is private; Verso's own
 * pages (popup, side panel) have no tab, and the window the person acted in decides.
 */
export async function keepFrom(sender: Sender, facts: KeepFacts): Promise<boolean> {
  if (!facts.enabled) return false;
  if (sender.tab) return sender.tab.incognito !== true;
  return !(await facts.pageWindowPrivate());
}

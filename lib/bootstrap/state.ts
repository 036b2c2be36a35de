/**
 * Why the bootstrap asked for Verso's features in a frame: the person selected text, used a field or
 * pressed a modifier key (`key:Alt`...); the top frame went idle (`idle`: the translate offer, the site's
 * rule); a frame went idle (`frame`: its tab may be being translated); a video began to play here
 * (`video`: translated subtitles, when the person chose them for the site); the top document is a PDF
 * in the browser's viewer (`pdf`: the reader's offer, or the person's choice to open PDFs in it).
 */
export const BOOT_REASONS = [
  'selection',
  'field',
  'key:Alt',
  'key:Control',
  'key:Shift',
  'key:Meta',
  'idle',
  'frame',
  'video',
  'pdf',
] as const;
export type BootReason = (typeof BOOT_REASONS)[number];

/**
 * What the bootstrap leaves in Verso's world (`globalThis.__versoBoot`, never the page's) for the features
 * once they are injected: why they were asked for, and how to stop its listeners.
 */
export interface BootState {
  reasons: BootReason[];
  /**
   * The last press of a modifier key alone, where the person's pointer was (trusted events only), for
   * "the paragraph under the pointer": its features may come in while the key is down or just after.
   */
  press?: { key: string; x: number; y: number; released: boolean };
  /** When (performance.now()) the person last released a selection: the button's wait counts from then. */
  selectedAt?: number;
  /** Set by the features bundle when it starts: the bootstrap stops asking. */
  features: boolean;
  stop(): void;
}

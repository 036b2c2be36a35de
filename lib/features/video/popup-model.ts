import { signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';

export type VideoPopupState = 'idle' | 'busy' | 'on' | 'off' | 'unavailable';

export interface VideoPopupDeps {
  send: Send;
  /** The tab the popup is about (lib/features/page-translate/popup-tab.ts, given by the popup shell). */
  targetTab(): Promise<number | undefined>;
}

/**
 * The popup's "Translated subtitles" button: turns them on or off for the videos of the tab (the worker
 * brings Verso's features into it first), and says which it now is, or that the tab is one Verso
 * cannot work in (the browser's own pages, the web store).
 */
export class VideoPopupModel {
  readonly state = signal<VideoPopupState>('idle');
  private disposed = false;

  constructor(private readonly deps: VideoPopupDeps) {}

  async toggle(): Promise<void> {
    if (this.state.value === 'busy') return;
    this.state.value = 'busy';
    const tabId = await this.deps.targetTab();
    const answer =
      tabId === undefined ? undefined : await this.deps.send('video.popupToggle', { tabId }).catch(() => undefined);
    if (this.disposed) return;
    const value = answer?.ok ? answer.value : null;
    this.state.value = value ? (value.on ? 'on' : 'off') : 'unavailable';
  }

  dispose(): void {
    this.disposed = true;
  }
}

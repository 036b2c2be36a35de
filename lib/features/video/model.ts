import { signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import { ErrorInfo } from '../../messaging/result.ts';
import { describeError } from '../../ui/describe-error.ts';
import type { SubtitleMode, VideoOptions, VideoTranslation } from './messages.ts';

export interface VideoDeps {
  send: Send;
}

/**
 * Translated subtitles in one frame: on or off (the person's choice, remembered for the site), shown
 * with the original or alone, and what went wrong with the last request, worded for people. The
 * sessions on each video (session.ts) follow `on` and `mode`; the control near the player shows them.
 */
export class VideoModel {
  readonly on = signal(false);
  readonly mode = signal<SubtitleMode>('both');
  readonly error = signal<string | undefined>(undefined);
  readonly shortcut = signal('');
  readonly targetLang = signal('');
  private disposed = false;
  /** Batches asked for so far, and the last one refused: an answer to an older batch does not clear its error. */
  private asked = 0;
  private lastRefused = 0;

  constructor(private readonly deps: VideoDeps) {}

  /** The site's standing choice and the mode; undefined when the worker cannot be asked. */
  async load(): Promise<VideoOptions | undefined> {
    const answer = await this.deps.send('video.options', {}).catch(() => undefined);
    if (!answer?.ok || this.disposed) return undefined;
    this.mode.value = answer.value.mode;
    this.shortcut.value = answer.value.shortcut;
    this.targetLang.value = answer.value.targetLang;
    return answer.value;
  }

  /** The person's toggle (control, shortcut or popup): remembered for the site. */
  toggle(): boolean {
    this.set(!this.on.value);
    return this.on.value;
  }

  set(on: boolean, remember = true): void {
    if (this.disposed) return;
    this.on.value = on;
    if (!on) this.error.value = undefined;
    if (remember) void this.deps.send('video.choose', { on }).catch(() => undefined);
  }

  setMode(mode: SubtitleMode): void {
    if (this.disposed || mode === this.mode.value) return;
    this.mode.value = mode;
    void this.deps.send('video.choose', { mode }).catch(() => undefined);
  }

  /** One batch of cues, through the worker; throws the worker's error. */
  readonly translate = async (input: {
    cues: string[];
    context?: string;
    trackLang?: string;
  }): Promise<VideoTranslation> => {
    const n = ++this.asked;
    const answer = await this.deps.send('video.translate', input).catch((e: unknown) => {
      this.lastRefused = n;
      throw e;
    });
    if (!answer.ok) {
      this.lastRefused = n;
      throw answer.error;
    }
    if (!this.disposed && n > this.lastRefused) this.error.value = undefined;
    return answer.value;
  };

  readonly failed = (error: unknown): void => {
    if (this.disposed) return;
    const info = ErrorInfo.safeParse(error);
    this.error.value = describeError(
      info.success
        ? info.data
        : { name: 'Error', code: 'unknown', message: String((error as Error)?.message ?? error) },
    );
  };

  dispose(): void {
    this.disposed = true;
  }
}

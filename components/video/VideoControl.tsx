import type { VideoModel } from '../../lib/features/video/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { onlyTrusted } from '../../lib/ui/trusted.ts';
import { VisibleButton } from '../ui/VisibleButton.tsx';

export interface VideoControlProps {
  model: VideoModel;
  /** A subtitle file the person picked for this video. */
  onFile(file: File): void;
  /** What is wrong with the last file, worded for people. */
  fileError?: string | undefined;
}

/**
 * The control over a video's corner: "Translated subtitles" (on/off, sends cues only on a click the
 * person could see), "With the original" once on, and a subtitle file of the person's own.
 */
export function VideoControl({ model, onFile, fileError }: VideoControlProps) {
  const on = model.on.value;
  const shortcut = model.shortcut.value;
  const error = fileError ?? model.error.value;
  let input: HTMLInputElement | null = null;
  return (
    <fieldset class="bar" aria-label={t('videoControlLabel', 'Verso subtitles')}>
      <VisibleButton
        class="toggle"
        aria-pressed={on}
        {...(shortcut ? { 'aria-keyshortcuts': shortcut.replace(/\s+/g, ''), title: shortcut } : {})}
        onAct={() => model.toggle()}
      >
        {t('videoToggle', 'Translated subtitles')}
      </VisibleButton>
      {on && (
        <button
          type="button"
          aria-pressed={model.mode.value === 'both'}
          onClick={onlyTrusted(() => model.setMode(model.mode.value === 'both' ? 'translation' : 'both'))}
        >
          {t('videoWithOriginal', 'With the original')}
        </button>
      )}
      <button type="button" onClick={onlyTrusted(() => input?.click())}>
        {t('videoLoadFile', 'Subtitle file…')}
      </button>
      <input
        ref={(el) => {
          input = el;
        }}
        type="file"
        accept=".srt,.vtt,text/vtt,application/x-subrip"
        hidden
        aria-label={t('videoLoadFile', 'Subtitle file…')}
        // Only the person can put a file here (the page cannot reach a closed root, nor forge a file).
        onChange={(e: Event) => {
          const target = e.currentTarget as HTMLInputElement;
          const file = target.files?.[0];
          if (file) onFile(file);
          target.value = '';
        }}
      />
      {error && (
        <p class="status" role="status">
          {error}
        </p>
      )}
    </fieldset>
  );
}

import type { VideoPopupModel } from '../../lib/features/video/popup-model.ts';
import { t } from '../../lib/ui/i18n.ts';

/** The popup's "Translated subtitles" button, and what it did in this tab. */
export function VideoPopupButton({ model }: { model: VideoPopupModel }) {
  const state = model.state.value;
  const status =
    state === 'on'
      ? t('videoPopupOn', 'Translated subtitles are on for the videos of this page.')
      : state === 'off'
        ? t('videoPopupOff', 'Translated subtitles are off for this page.')
        : state === 'unavailable'
          ? t('videoPopupUnavailable', 'Verso cannot show subtitles in this tab.')
          : '';
  return (
    <div class="video-popup">
      <button type="button" disabled={state === 'busy'} onClick={() => void model.toggle()}>
        {t('videoToggle', 'Translated subtitles')}
      </button>
      <p role="status" class="hint">
        {status}
      </p>
    </div>
  );
}

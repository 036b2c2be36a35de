import { effect } from '@preact/signals';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { mountVideoUi, type VideoUi } from '../../../components/video/mount.tsx';
import { handle } from '../../messaging/handle.ts';
import { send } from '../../messaging/protocol.ts';
import { t } from '../../ui/i18n.ts';
import type { ContentFeature } from '../registry.ts';
import { VideoModel } from './model.ts';
import { addFileTrack, VideoSession } from './session.ts';
import { MAX_SUBTITLE_FILE_BYTES, parseSubtitles } from './subtitle-file.ts';
import { isYouTube } from './youtube.ts';
import { playsAd, youTubeTrack } from './youtube-source.ts';

/** Videos smaller than this (previews, icons) get no control. */
const MIN_CONTROL_WIDTH = 200;

/** Keys while translated subtitles are on (with Alt+Shift): the previous, the current again, the next cue. */
const STEP_KEYS: Record<string, -1 | 0 | 1> = { ArrowLeft: -1, ArrowDown: 0, ArrowRight: 1 };

/**
 * Translated subtitles for the videos of a frame. The features come into a page with a video only when
 * the person asks (the shortcut, the popup) or chose them for the site (lib/features/video/background.ts);
 * then each video with room for it gets the control over its corner, and, while on, a session
 * (session.ts) that keeps its cues translated ahead of the playhead.
 */
export const videoFeature: ContentFeature = {
  name: 'video',
  runsOn: (location) => /^(https?|file):$/.test(location.protocol),
  init(ctx: ContentScriptContext) {
    const model = new VideoModel({ send });
    const sessions = new Map<HTMLVideoElement, VideoSession>();
    const controls = new Map<HTMLVideoElement, VideoUi>();
    const files = new WeakMap<HTMLVideoElement, TextTrack>();
    let lastPlayed: HTMLVideoElement | undefined;
    let touched = false;

    const youTube = isYouTube(location);
    const ownLabel = t('videoTrackLabel', 'Translated (Verso)');
    const start = (video: HTMLVideoElement) => {
      if (sessions.has(video) || !video.isConnected) return;
      const session = new VideoSession(
        video,
        model.mode.value,
        {
          translate: model.translate,
          failed: model.failed,
          label: ownLabel,
          ...(youTube ? { suspended: () => playsAd(video) } : {}),
        },
        files.get(video),
      );
      sessions.set(video, session);
      // YouTube's captions are not text tracks: read them, then translate them like any track.
      if (youTube && !files.get(video)) {
        void youTubeTrack(video, model.targetLang.value).then((track) => {
          if (sessions.get(video) !== session) return;
          if (track) session.switchSource(track);
          else model.error.value = t('videoNoCaptions', 'This video has no captions Verso can translate.');
        });
      }
    };
    const stopAll = () => {
      for (const session of sessions.values()) session.dispose();
      sessions.clear();
    };

    const loadFile = async (video: HTMLVideoElement, file: File) => {
      const ui = controls.get(video);
      if (file.size > MAX_SUBTITLE_FILE_BYTES) {
        ui?.rerender(t('videoFileTooBig', 'This subtitle file is too large (5 MB at most).'));
        return;
      }
      let cues: ReturnType<typeof parseSubtitles>;
      try {
        cues = parseSubtitles(await file.text());
      } catch {
        ui?.rerender(t('videoFileBad', 'No subtitles could be read from this file (SRT or WebVTT).'));
        return;
      }
      ui?.rerender();
      const track = addFileTrack(video, file.name.slice(0, 100), cues);
      files.set(video, track);
      const session = sessions.get(video);
      if (session) session.switchSource(track);
      // Loading a file is the person's choice for this video, not for the site.
      else if (!model.on.value) model.set(true, false);
      else start(video);
    };

    const watched = new WeakSet<HTMLVideoElement>();
    /** Subtitles or captions of the page's own (not Verso's): what the control offers to translate. */
    const hasSubtitles = (video: HTMLVideoElement) =>
      Array.from(video.textTracks).some(
        (track) => (track.kind === 'subtitles' || track.kind === 'captions') && track.label !== ownLabel,
      );
    const adopt = (video: HTMLVideoElement) => {
      if (controls.has(video) || !video.isConnected) return;
      if (!watched.has(video)) {
        // A player that adds its tracks later gets the control then.
        watched.add(video);
        ctx.addEventListener(video.textTracks, 'addtrack', () => adopt(video));
      }
      // The control goes over videos with subtitles to translate, or all of them once the person turned
      // translated subtitles on (a subtitle file of their own for a video without any), or on YouTube.
      const wanted = hasSubtitles(video) || model.on.value || youTube;
      if (wanted && video.offsetWidth >= MIN_CONTROL_WIDTH) {
        // Set at once, so a second event while mounting does not mount twice.
        controls.set(video, undefined as unknown as VideoUi);
        void mountVideoUi(ctx, video, model, (file) => void loadFile(video, file)).then((ui) => {
          if (ctx.isValid) controls.set(video, ui);
          else ui.remove();
        });
      }
      if (model.on.value) start(video);
    };
    const seen = (event: Event) => {
      const video = event.target;
      if (!(video instanceof HTMLVideoElement)) return;
      if (event.type === 'play') lastPlayed = video;
      adopt(video);
    };
    for (const type of ['play', 'loadedmetadata'] as const) {
      ctx.addEventListener(document, type, seen, { capture: true, passive: true });
    }
    for (const video of Array.from(document.querySelectorAll('video'))) adopt(video);

    const stopOn = effect(() => {
      if (model.on.value) for (const video of controls.keys()) start(video);
      else stopAll();
      if (lastPlayed && model.on.value) start(lastPlayed);
    });
    const stopMode = effect(() => {
      const mode = model.mode.value;
      for (const session of sessions.values()) session.setMode(mode);
    });

    // YouTube moves to another video (or Short) without a reload: its captions replace the last one's.
    if (youTube) {
      ctx.addEventListener(document, 'yt-navigate-finish' as keyof DocumentEventMap, () => {
        model.error.value = undefined;
        for (const [video, session] of [...sessions]) {
          session.dispose();
          sessions.delete(video);
          files.delete(video);
          if (model.on.value) start(video);
        }
        for (const video of Array.from(document.querySelectorAll('video'))) adopt(video);
      });
    }

    // Previous, current again, next cue: only the person's keys, only while on.
    ctx.addEventListener(
      document,
      'keydown',
      (event: KeyboardEvent) => {
        const direction = STEP_KEYS[event.key];
        if (!event.isTrusted || direction === undefined || !event.altKey || !event.shiftKey) return;
        const playing = [...sessions.values()].find((s) => !s.video.paused);
        const session = playing ?? (lastPlayed ? sessions.get(lastPlayed) : undefined) ?? [...sessions.values()][0];
        if (!session) return;
        event.preventDefault();
        event.stopPropagation();
        session.step(direction);
      },
      { capture: true },
    );

    ctx.onInvalidated(
      handle('video.toggle', (data) => {
        touched = true;
        model.set(data.on ?? !model.on.value);
        for (const video of Array.from(document.querySelectorAll('video'))) adopt(video);
        return { on: model.on.value };
      }),
    );
    ctx.onInvalidated(() => {
      stopOn();
      stopMode();
      stopAll();
      for (const ui of controls.values()) ui?.remove();
      model.dispose();
    });

    void model.load().then((options) => {
      // The site's standing choice, unless the person already toggled here.
      if (options?.on && !touched) model.set(true, false);
    });
  },
};

import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { lenient } from '../../settings/items.ts';
import { SubtitleMode } from './messages.ts';

/** Most sites remembered with translated subtitles on; the oldest choice goes first. */
export const MAX_VIDEO_SITES = 500;

/** Where translated subtitles come on by themselves, and how they show; the settings file carries it. */
export const VideoChoices = z.object({
  /** Sites where the person turned translated subtitles on (and has not turned them off). */
  sites: z.array(z.string().max(300)).max(MAX_VIDEO_SITES).default([]),
  mode: SubtitleMode.default('both'),
});
export type VideoChoices = z.infer<typeof VideoChoices>;

export const videoChoicesItem = storage.defineItem<VideoChoices>('local:videoSubtitles', {
  fallback: { sites: [], mode: 'both' },
});

export async function getVideoChoices(): Promise<VideoChoices> {
  return lenient(VideoChoices, await videoChoicesItem.getValue());
}

/** Sites "Your data" counts as remembered with subtitles on. */
export const videoSitesKept = async (): Promise<number> => (await getVideoChoices()).sites.length;

/** "Your data" clears the sites; how subtitles show (both lines or the translation) is a setting and stays. */
export async function forgetVideoSites(): Promise<void> {
  const { mode } = await getVideoChoices();
  await videoChoicesItem.setValue({ sites: [], mode });
}

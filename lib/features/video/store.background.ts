import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { lenient } from '../../settings/items.ts';
import { SubtitleMode } from './messages.ts';

/** Most sites remembered with translated subtitles on; the oldest choice goes first. */
const MAX_SITES = 500;

const VideoChoices = z.object({
  /** Sites where the person turned translated subtitles on (and has not turned them off). */
  sites: z.array(z.string().max(300)).max(MAX_SITES).default([]),
  mode: SubtitleMode.default('both'),
});
export type VideoChoices = z.infer<typeof VideoChoices>;

const choicesItem = storage.defineItem<VideoChoices>('local:videoSubtitles', {
  fallback: { sites: [], mode: 'both' },
});

export async function getVideoChoices(): Promise<VideoChoices> {
  return lenient(VideoChoices, await choicesItem.getValue());
}

/** Remembers the person's choice for a site (none: Verso's own pages and files, only the mode). */
export async function chooseVideo(site: string | undefined, choice: { on?: boolean; mode?: SubtitleMode }) {
  const now = await getVideoChoices();
  let sites = now.sites;
  if (site && choice.on !== undefined) {
    sites = sites.filter((s) => s !== site);
    if (choice.on) sites = [...sites, site].slice(-MAX_SITES);
  }
  await choicesItem.setValue({ sites, mode: choice.mode ?? now.mode });
}

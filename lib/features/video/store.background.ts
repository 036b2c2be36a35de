import { getVideoChoices, MAX_VIDEO_SITES, videoChoicesItem } from './choices.ts';
import type { SubtitleMode } from './messages.ts';

export { getVideoChoices };

/** Remembers the person's choice for a site (none: Verso's own pages and files, only the mode). */
export async function chooseVideo(site: string | undefined, choice: { on?: boolean; mode?: SubtitleMode }) {
  const now = await getVideoChoices();
  let sites = now.sites;
  if (site && choice.on !== undefined) {
    sites = sites.filter((s) => s !== site);
    if (choice.on) sites = [...sites, site].slice(-MAX_VIDEO_SITES);
  }
  await videoChoicesItem.setValue({ sites, mode: choice.mode ?? now.mode });
}

/**
 * YouTube's player draws its captions itself, not through text tracks: Verso reads the video's caption
 * track list from the watch page's player response (the page's own script while it is for this video;
 * after a move to another video without a reload, the watch page asked again, from the same origin),
 * fetches the chosen track as json3 (youtube.ts) and puts its cues on a track of Verso's, which the
 * session (session.ts) translates like any other. Nothing is sent to the translation service here.
 */
import { closest, documentElementOf, getElementsByTagName, textContentOf } from '../../dom/unclobbered.ts';
import { addFileTrack } from './session.ts';
import { captionTracksOf, chooseTrack, cuesFromJson3, json3Url, jsonAfter, videoIdOf } from './youtube.ts';

const MARKER = 'ytInitialPlayerResponse =';

/** The player response for `videoId`, or undefined. */
async function playerResponse(videoId: string): Promise<unknown> {
  const root = documentElementOf(document);
  for (const script of root ? Array.from(getElementsByTagName(root, 'script')) : []) {
    const text = textContentOf(script) ?? '';
    if (!text.includes(MARKER)) continue;
    const json = jsonAfter(text, MARKER);
    if (captionTracksOf(json).videoId === videoId) return json;
  }
  const res = await fetch(`${location.origin}/watch?v=${encodeURIComponent(videoId)}`, { credentials: 'same-origin' });
  if (!res.ok) return undefined;
  const json = jsonAfter(await res.text(), MARKER);
  return captionTracksOf(json).videoId === videoId ? json : undefined;
}

/** A track of Verso's holding the captions of the video now on the page; undefined when it has none. */
export async function youTubeTrack(video: HTMLVideoElement, targetLang: string): Promise<TextTrack | undefined> {
  const videoId = videoIdOf(location.href);
  if (!videoId) return undefined;
  const { tracks } = captionTracksOf(await playerResponse(videoId).catch(() => undefined));
  const chosen = chooseTrack(tracks, targetLang);
  const url = chosen && json3Url(chosen, location.origin);
  if (!chosen || !url) return undefined;
  const res = await fetch(url, { credentials: 'same-origin' }).catch(() => undefined);
  if (!res?.ok) return undefined;
  const cues = cuesFromJson3(await res.json().catch(() => undefined), chosen.asr);
  // The video moved on meanwhile: these captions are not for it.
  if (cues.length === 0 || videoIdOf(location.href) !== videoId) return undefined;
  return addFileTrack(video, chosen.name.slice(0, 100), cues, chosen.languageCode);
}

/** An advertisement plays in YouTube's player (its class while one does): its time is not the video's. */
export const playsAd = (video: HTMLVideoElement): boolean => !!closest(video, '.ad-showing');

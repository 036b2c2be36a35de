/**
 * YouTube's captions, read as its public descriptions have them: the watch page's player response
 * (`ytInitialPlayerResponse`) lists the caption tracks under
 * `captions.playerCaptionsTracklistRenderer.captionTracks` (`baseUrl`, `languageCode`, `name`, and
 * `kind: 'asr'` for automatic ones); a track's `baseUrl` with `fmt=json3` answers `{ events: [{ tStartMs,
 * dDurationMs, segs: [{ utf8, tOffsetMs }] }] }`. Automatic captions come as word fragments, each with
 * its offset in the event: they are joined into sentences here before anything is sent, and shown as
 * sentence-sized cues. Pure functions; the DOM side is youtube-source.ts.
 */
import type { TimedCue } from './ahead.ts';

export interface CaptionTrackInfo {
  baseUrl: string;
  languageCode: string;
  name: string;
  asr: boolean;
}

/** Hosts of YouTube's own player pages (not embeds: an embed is a frame of another site's page). */
export const isYouTube = (location: { hostname: string }) => /^(www\.|m\.)?youtube\.com$/.test(location.hostname);

/** The video of a watch or Shorts address, or undefined. */
export function videoIdOf(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  const id = u.pathname === '/watch' ? u.searchParams.get('v') : /^\/shorts\/([^/?#]+)/.exec(u.pathname)?.[1];
  return id && /^[\w-]{6,20}$/.test(id) ? id : undefined;
}

/**
 * The JSON object assigned after `marker` in a script's text (`ytInitialPlayerResponse = {...};`),
 * read by matching braces outside strings; undefined when there is none or it does not parse.
 */
export function jsonAfter(text: string, marker: string): unknown {
  const at = text.indexOf(marker);
  if (at === -1) return undefined;
  const start = text.indexOf('{', at + marker.length);
  if (start === -1) return undefined;
  let depth = 0;
  let quote = '';
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      try {
        return JSON.parse(text.slice(start, i + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

type Loose = Record<string, unknown> | undefined;
const obj = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined);

/** The caption tracks of a player response, and the video it is for. */
export function captionTracksOf(response: unknown): { videoId?: string; tracks: CaptionTrackInfo[] } {
  const r = obj(response);
  const videoId = obj(r?.videoDetails)?.videoId;
  const list = obj(obj(r?.captions)?.playerCaptionsTracklistRenderer)?.captionTracks;
  const tracks: CaptionTrackInfo[] = [];
  for (const item of Array.isArray(list) ? list : []) {
    const t = obj(item);
    if (typeof t?.baseUrl !== 'string' || typeof t.languageCode !== 'string') continue;
    const name = obj(t.name);
    const label =
      typeof name?.simpleText === 'string'
        ? name.simpleText
        : Array.isArray(name?.runs)
          ? name.runs.map((run) => String(obj(run)?.text ?? '')).join('')
          : t.languageCode;
    tracks.push({ baseUrl: t.baseUrl, languageCode: t.languageCode, name: label, asr: t.kind === 'asr' });
  }
  return { ...(typeof videoId === 'string' ? { videoId } : {}), tracks };
}

/** The track to translate: one written by people, not in the target language, before automatic ones. */
export function chooseTrack(tracks: readonly CaptionTrackInfo[], target: string): CaptionTrackInfo | undefined {
  const base = (code: string) => code.toLowerCase().split('-')[0];
  const foreign = tracks.filter((t) => base(t.languageCode) !== base(target));
  return foreign.find((t) => !t.asr) ?? foreign.find((t) => t.asr);
}

/** The address of a track's captions as json3, only on YouTube's own timedtext endpoint. */
export function json3Url(track: CaptionTrackInfo, origin: string): string | undefined {
  let u: URL;
  try {
    u = new URL(track.baseUrl, origin);
  } catch {
    return undefined;
  }
  if (u.origin !== origin || u.pathname !== '/api/timedtext') return undefined;
  u.searchParams.set('fmt', 'json3');
  return u.href;
}

interface Word {
  start: number;
  end: number;
  text: string;
}

/** Longest automatic cue: a sentence is cut at this many characters, or at a pause. */
const MAX_SENTENCE_CHARS = 110;
/** A pause this long (seconds) ends a sentence of automatic captions. */
const PAUSE_S = 1.2;
const SENTENCE_END = /[.!?…。！？]["')\]]*$/;

/** Cues of a json3 answer: one per event for captions written by people, sentences for automatic ones. */
export function cuesFromJson3(json: unknown, asr: boolean): TimedCue[] {
  const events = obj(json)?.events;
  if (!Array.isArray(events)) return [];
  const cues: TimedCue[] = [];
  const words: Word[] = [];
  for (const item of events) {
    const e = obj(item);
    // In milliseconds until the end, so times stay exact.
    const startMs = Number(e?.tStartMs);
    const endMs = startMs + Number(e?.dDurationMs ?? 0);
    const start = startMs / 1000;
    const end = endMs / 1000;
    const segs = Array.isArray(e?.segs) ? e.segs.map(obj) : [];
    if (!Number.isFinite(start) || segs.length === 0) continue;
    if (!asr) {
      const text = segs
        .map((s) => String(s?.utf8 ?? ''))
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
      if (text && end > start) cues.push({ start, end, text });
      continue;
    }
    segs.forEach((s, i) => {
      const text = String(s?.utf8 ?? '').trim();
      if (!text) return;
      const at = (startMs + Number(s?.tOffsetMs ?? 0)) / 1000;
      const next = segs[i + 1];
      const until = next ? (startMs + Number(next.tOffsetMs ?? 0)) / 1000 : end;
      words.push({ start: at, end: Math.max(at, until), text });
    });
  }
  return asr ? sentences(words) : cues.sort((a, b) => a.start - b.start);
}

/** Word fragments joined into sentences: at sentence punctuation, a pause, or a length that fits a cue. */
export function sentences(fragments: readonly Word[]): TimedCue[] {
  const words = [...fragments].sort((a, b) => a.start - b.start);
  const out: TimedCue[] = [];
  let current: Word[] = [];
  const flush = () => {
    if (current.length === 0) return;
    out.push({
      start: current[0]!.start,
      end: current[current.length - 1]!.end,
      text: current.map((w) => w.text).join(' '),
    });
    current = [];
  };
  for (const word of words) {
    const last = current[current.length - 1];
    const length = current.reduce((n, w) => n + w.text.length + 1, 0);
    if (last && (word.start - last.end > PAUSE_S || length + word.text.length > MAX_SENTENCE_CHARS)) flush();
    current.push(word);
    if (SENTENCE_END.test(word.text)) flush();
  }
  flush();
  // A cue lasts until the next begins (automatic events overlap, and a word's end is the next's start).
  for (let i = 0; i < out.length - 1; i++)
    out[i]!.end = Math.min(Math.max(out[i]!.end, out[i]!.start + 0.5), out[i + 1]!.start);
  return out;
}

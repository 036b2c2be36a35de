/**
 * Translated subtitles on one <video>: a track of Verso's own (`addTextTrack`, so the browser renders
 * it with the page's `::cue` style, in the captions' place and in fullscreen) mirrors the cues of the
 * track the person watches, each with its translation under it (or alone); while a translation is on
 * its way the original shows. The source track is hidden, not disabled, so its cues keep loading
 * (a `<track>` file, or cues a player adds through the TextTrack API), and comes back as it was.
 */
import { contextOf, cueAt, nextBatch, type TimedCue } from './ahead.ts';
import { composeCue, plainCueText } from './cues.ts';
import { MAX_CUE_CHARS, type SubtitleMode, type VideoTranslation } from './messages.ts';

/** Verso's track on each video: a track added by script cannot be removed, so it is reused. */
const ownTracks = new WeakMap<HTMLVideoElement, TextTrack>();
/** Every track Verso added (its own, and those of subtitle files): never a source of another. */
const versoTracks = new WeakSet<TextTrack>();

export type Translate = (input: { cues: string[]; context?: string; trackLang?: string }) => Promise<VideoTranslation>;

export interface SessionDeps {
  translate: Translate;
  /** A request failed (its cues keep the original); the message is for people. */
  failed(error: unknown): void;
  label: string;
  /** While true (an advertisement plays in the video), nothing is shown or sent. */
  suspended?(): boolean;
}

interface Mirrored extends TimedCue {
  markup: string;
  cue: VTTCue;
}

const isText = (track: TextTrack) => track.kind === 'subtitles' || track.kind === 'captions';

/** Adds a track holding `cues` (a subtitle file the person loaded), as a source of translated subtitles. */
export function addFileTrack(
  video: HTMLVideoElement,
  label: string,
  cues: readonly TimedCue[],
  language = '',
): TextTrack {
  const track = video.addTextTrack('subtitles', label, language);
  versoTracks.add(track);
  track.mode = 'hidden';
  for (const c of cues) track.addCue(new VTTCue(c.start, c.end, c.text));
  return track;
}

export class VideoSession {
  private source: TextTrack | undefined;
  /** The modes the page's tracks had before Verso hid them, put back when the session ends. */
  private readonly pageModes = new Map<TextTrack, TextTrackMode>();
  private readonly own: TextTrack;
  private cues: Mirrored[] = [];
  private sourceCount = -1;
  /** Translations by cue text (a repeated line is sent once); `null`: asked for, not back yet. */
  private readonly translations = new Map<string, string | null>();
  private readonly stop = new AbortController();
  private mode: SubtitleMode;
  /** After a failed request: no new one before this (performance.now()), doubling up to a minute. */
  private pausedUntil = 0;
  private backoffMs = 0;

  constructor(
    readonly video: HTMLVideoElement,
    mode: SubtitleMode,
    private readonly deps: SessionDeps,
    preferred?: TextTrack,
  ) {
    this.mode = mode;
    let own = ownTracks.get(video);
    if (!own) {
      own = video.addTextTrack('subtitles', deps.label);
      ownTracks.set(video, own);
      versoTracks.add(own);
    }
    this.own = own;
    this.switchSource(preferred ?? this.pickSource());
    const opts = { signal: this.stop.signal };
    const tick = () => this.tick();
    for (const type of ['timeupdate', 'seeked', 'seeking', 'ratechange', 'play', 'loadedmetadata']) {
      video.addEventListener(type, tick, opts);
    }
    document.addEventListener('visibilitychange', tick, opts);
    // The person picked another track in the player's menu: it becomes the source.
    // A <track> file finished loading (its load event does not bubble: caught on the way down).
    video.addEventListener('load', tick, { ...opts, capture: true });
    video.textTracks.addEventListener('change', () => this.followChoice(), opts);
    video.textTracks.addEventListener(
      'addtrack',
      () => (this.source ? undefined : this.switchSource(this.pickSource())),
      opts,
    );
    this.tick();
  }

  get hasSource(): boolean {
    return this.source !== undefined;
  }

  /** The track showing, else the first subtitles or captions of the video. */
  private pickSource(): TextTrack | undefined {
    const tracks = Array.from(this.video.textTracks).filter((t) => !versoTracks.has(t) && isText(t));
    return tracks.find((t) => t.mode === 'showing') ?? tracks[0];
  }

  private followChoice(): void {
    const showing = Array.from(this.video.textTracks).find(
      (t) => !versoTracks.has(t) && isText(t) && t.mode === 'showing',
    );
    if (!showing || showing === this.source) return;
    // The player changed the others too (turned the old one off): that is how they come back at the end.
    for (const track of this.pageModes.keys()) if (track.mode !== 'hidden') this.pageModes.set(track, track.mode);
    this.switchSource(showing);
  }

  switchSource(track: TextTrack | undefined): void {
    if (track === this.source) return;
    // A source left stays hidden until the end: shown again, it would read as the person's new choice.
    this.source = track;
    this.sourceCount = -1;
    this.clearOwn();
    if (track) {
      if (!this.pageModes.has(track) && !versoTracks.has(track)) this.pageModes.set(track, track.mode);
      track.addEventListener('cuechange', () => this.tick(), { signal: this.stop.signal });
      // Hidden: its cues load and change, the browser does not draw them (Verso's track does).
      track.mode = 'hidden';
    }
    this.own.mode = 'showing';
    this.tick();
  }

  private clearOwn(): void {
    for (const c of this.cues) this.own.removeCue(c.cue);
    this.cues = [];
  }

  setMode(mode: SubtitleMode): void {
    this.mode = mode;
    for (const c of this.cues) this.show(c);
  }

  /** Copies the source's cues when they changed (a player adds them as it goes), with their placement. */
  private sync(): void {
    const list = this.source?.cues;
    const count = list?.length ?? 0;
    // No cues for now (a track reloading them after Firefox disabled it): what shows stays.
    if (count === this.sourceCount || !list || count === 0) return;
    this.sourceCount = count;
    this.clearOwn();
    for (const original of Array.from(list)) {
      const markup = (original as VTTCue).text ?? '';
      const cue = new VTTCue(original.startTime, original.endTime, markup);
      if (original instanceof VTTCue) {
        cue.line = original.line;
        cue.snapToLines = original.snapToLines;
        cue.position = original.position;
        cue.align = original.align;
        cue.size = original.size;
        cue.vertical = original.vertical;
      }
      // A page's overlong cue is cut to what a subtitle can be, not sent whole.
      const text = plainCueText(markup).slice(0, MAX_CUE_CHARS);
      const mirrored = { start: original.startTime, end: original.endTime, text, markup, cue };
      this.show(mirrored);
      this.own.addCue(cue);
      this.cues.push(mirrored);
    }
    this.cues.sort((a, b) => a.start - b.start);
  }

  private show(c: Mirrored): void {
    const translation = this.translations.get(c.text) ?? undefined;
    const text = composeCue(c.markup, translation, this.mode);
    if (c.cue.text !== text) c.cue.text = text;
  }

  /** Keeps the translations ahead of the playhead: called on every time update, seek and speed change. */
  tick(): void {
    if (this.stop.signal.aborted) return;
    // Firefox's own track selection may disable the source after Verso hid it (its cues then go): hidden
    // again, as long as Verso's track was not turned off with it (the person's "off" in the player).
    if (this.source?.mode === 'disabled' && this.own.mode !== 'disabled') this.source.mode = 'hidden';
    this.sync();
    const suspended = !!this.deps.suspended?.();
    const mode = suspended ? 'hidden' : 'showing';
    if (this.own.mode !== mode) this.own.mode = mode;
    // Nothing is sent for a tab out of sight: subtitles there would be paid for and never read.
    if (suspended || document.hidden || performance.now() < this.pausedUntil) return;
    const batch = nextBatch(this.cues, this.video.currentTime, (text) => this.translations.has(text));
    if (batch.length === 0) return;
    const texts = batch.map((i) => this.cues[i]!.text);
    for (const text of texts) this.translations.set(text, null);
    const context = contextOf(this.cues, batch);
    const lang = this.source?.language;
    this.deps
      .translate({ cues: texts, ...(context ? { context } : {}), ...(lang ? { trackLang: lang } : {}) })
      .then((out) => {
        if (this.stop.signal.aborted) return;
        this.backoffMs = 0;
        texts.forEach((text, i) => {
          this.translations.set(text, out.texts[i] ?? '');
        });
        const arrived = new Set(texts);
        for (const c of this.cues) if (arrived.has(c.text)) this.show(c);
      })
      .catch((e: unknown) => {
        if (this.stop.signal.aborted) return;
        // The original stays; the cues are asked for again after a pause that grows with each failure.
        for (const text of texts) this.translations.delete(text);
        this.backoffMs = Math.min(60_000, Math.max(5_000, this.backoffMs * 2));
        this.pausedUntil = performance.now() + this.backoffMs;
        this.deps.failed(e);
      });
  }

  /** The cues in play order, for stepping between them. */
  cueTimes(): readonly TimedCue[] {
    this.sync();
    return this.cues;
  }

  /** Seeks to the previous (-1), current (0) or next (+1) cue. */
  step(direction: -1 | 0 | 1): void {
    const cues = this.cueTimes();
    const now = this.video.currentTime;
    const at = cueAt(cues, now);
    let target = at + direction;
    // Early in a cue, "previous" means the one before it, not this one's start again.
    if (direction === -1 && at >= 0 && now - cues[at]!.start > 1.5) target = at;
    const cue = cues[Math.max(0, Math.min(cues.length - 1, target))];
    if (cue) this.video.currentTime = cue.start + 0.001;
  }

  dispose(): void {
    this.stop.abort();
    this.clearOwn();
    this.own.mode = 'disabled';
    for (const [track, mode] of this.pageModes) track.mode = mode;
    if (this.source && versoTracks.has(this.source)) this.source.mode = 'disabled';
    this.source = undefined;
  }
}

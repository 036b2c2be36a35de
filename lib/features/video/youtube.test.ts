import { describe, expect, it } from 'vitest';
import { captionTracksOf, chooseTrack, cuesFromJson3, isYouTube, json3Url, jsonAfter, videoIdOf } from './youtube.ts';

const response = {
  videoDetails: { videoId: 'abcdef12345' },
  captions: {
    playerCaptionsTracklistRenderer: {
      captionTracks: [
        { baseUrl: '/api/timedtext?v=abcdef12345&lang=de', languageCode: 'de', name: { simpleText: 'German' } },
        {
          baseUrl: '/api/timedtext?v=abcdef12345&lang=en&kind=asr',
          languageCode: 'en',
          kind: 'asr',
          name: { runs: [{ text: 'English (auto)' }] },
        },
        { baseUrl: '/api/timedtext?v=abcdef12345&lang=en', languageCode: 'en', name: { simpleText: 'English' } },
        { languageCode: 'fr' },
      ],
    },
  },
};

describe('YouTube captions', () => {
  it('knows YouTube’s hosts and its watch and Shorts addresses', () => {
    expect(isYouTube({ hostname: 'www.youtube.com' })).toBe(true);
    expect(isYouTube({ hostname: 'youtube.com.evil.example' })).toBe(false);
    expect(videoIdOf('https://www.youtube.com/watch?v=abcdef12345&t=3')).toBe('abcdef12345');
    expect(videoIdOf('https://www.youtube.com/shorts/ABCdef_1234')).toBe('ABCdef_1234');
    expect(videoIdOf('https://www.youtube.com/feed')).toBeUndefined();
  });

  it('reads the player response from a script, strings with braces included', () => {
    const script = `var a = 1; var ytInitialPlayerResponse = {"x": "a } { \\" b", "y": {"z": [1, 2]}}; var meta = {};`;
    expect(jsonAfter(script, 'ytInitialPlayerResponse =')).toEqual({ x: 'a } { " b', y: { z: [1, 2] } });
    expect(jsonAfter('var ytInitialPlayerResponse = {"broken": ', 'ytInitialPlayerResponse =')).toBeUndefined();
  });

  it('lists the tracks and prefers one written by people, not in the target language', () => {
    const { videoId, tracks } = captionTracksOf(response);
    expect(videoId).toBe('abcdef12345');
    expect(tracks.map((t) => `${t.name}:${t.asr}`)).toEqual(['German:false', 'English (auto):true', 'English:false']);
    expect(chooseTrack(tracks, 'de')?.name).toBe('English');
    expect(chooseTrack(tracks.slice(0, 2), 'de-DE')?.name).toBe('English (auto)');
    expect(chooseTrack(tracks.slice(0, 1), 'de')).toBeUndefined();
  });

  it('asks only YouTube’s own timedtext endpoint, as json3', () => {
    const origin = 'https://www.youtube.com';
    const [track] = captionTracksOf(response).tracks;
    expect(json3Url(track!, origin)).toBe(`${origin}/api/timedtext?v=abcdef12345&lang=de&fmt=json3`);
    expect(json3Url({ ...track!, baseUrl: 'https://evil.example/api/timedtext?x' }, origin)).toBeUndefined();
  });

  it('makes one cue per event of captions written by people', () => {
    const json = {
      events: [
        { tStartMs: 0, dDurationMs: 1500, segs: [{ utf8: 'Hello\nthere.' }] },
        { tStartMs: 1500, dDurationMs: 1000, segs: [{ utf8: '\n' }] },
        { tStartMs: 2000 },
      ],
    };
    expect(cuesFromJson3(json, false)).toEqual([{ start: 0, end: 1.5, text: 'Hello there.' }]);
  });

  it('joins automatic word fragments into sentences, at punctuation or a pause', () => {
    const json = {
      events: [
        { tStartMs: 0, dDurationMs: 5000, wWinId: 1 },
        {
          tStartMs: 100,
          dDurationMs: 3000,
          wWinId: 1,
          segs: [{ utf8: 'so' }, { utf8: ' today', tOffsetMs: 300 }, { utf8: ' we', tOffsetMs: 700 }],
        },
        { tStartMs: 1000, dDurationMs: 10, wWinId: 1, aAppend: 1, segs: [{ utf8: '\n' }] },
        { tStartMs: 1100, dDurationMs: 1400, wWinId: 1, segs: [{ utf8: 'row' }, { utf8: ' boats.', tOffsetMs: 400 }] },
        { tStartMs: 2600, dDurationMs: 800, wWinId: 1, segs: [{ utf8: 'then' }, { utf8: ' lunch', tOffsetMs: 300 }] },
        {
          tStartMs: 6000,
          dDurationMs: 900,
          wWinId: 1,
          segs: [{ utf8: 'after' }, { utf8: ' a pause', tOffsetMs: 300 }],
        },
      ],
    };
    expect(cuesFromJson3(json, true).map((c) => [c.start, c.end, c.text])).toEqual([
      [0.1, 2.5, 'so today we row boats.'],
      [2.6, 3.4, 'then lunch'],
      [6, 6.9, 'after a pause'],
    ]);
  });

  it('cuts a long automatic run without punctuation into cues that fit', () => {
    const segs = Array.from({ length: 60 }, (_, i) => ({ utf8: ` word${i}`, tOffsetMs: i * 250 }));
    const cues = cuesFromJson3({ events: [{ tStartMs: 0, dDurationMs: 15000, segs }] }, true);
    expect(cues.length).toBeGreaterThan(2);
    for (const cue of cues) expect(cue.text.length).toBeLessThanOrEqual(110);
    expect(
      cues
        .map((c) => c.text)
        .join(' ')
        .split(' '),
    ).toHaveLength(60);
  });
});

/**
 * Cue text as the browser holds it (WebVTT cue markup: `<i>`, `<c.x>`, `<v Name>`, timestamps and
 * entities) to plain text for the service, and the service's plain text back to cue markup, which the
 * browser renders itself (nothing of it becomes page HTML).
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: '\u00a0', lrm: '\u200e', rlm: '\u200f' };

/** The words of a cue: tags and timestamps dropped, entities read, lines joined with a space. */
export function plainCueText(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|nbsp|lrm|rlm);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Plain text as cue markup: a service (or a page) cannot add tags, voices or timestamps to a cue. */
export function escapeCueText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** What Verso's track shows for a cue: the original alone while its translation waits. */
export function composeCue(original: string, translation: string | undefined, mode: 'both' | 'translation'): string {
  if (translation === undefined) return original;
  const translated = escapeCueText(translation.replace(/\s*\n\s*/g, ' ').trim());
  return mode === 'both' ? `${original}\n${translated}` : translated;
}

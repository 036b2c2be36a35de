import type { Sender } from '../messaging/handle.ts';

/**
 * A text the person had translated by selection, quick translate or the side panel, as plain text. Page
 * translation never reports here: it is not the person's history.
 */
export interface TextTranslated {
  origin: 'selection' | 'popup' | 'sidepanel';
  text: string;
  translation: string;
  sourceLang: string;
  targetLang: string;
  /** The page's site (host), for a selection. */
  site?: string;
  /** The text around a selection, when it was sent. */
  context?: string;
}

type Listener = (translated: TextTranslated, sender: Sender) => Promise<void> | void;
const listeners = new Set<Listener>();

/**
 * Lets a feature hear of translations without the translating features knowing it (the history,
 * lib/features/history/background.ts). Returns the way to stop listening.
 */
export function onTextTranslated(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called by the handlers once a translation is back, and awaited, so the history holds it when the answer
 * arrives; a listener's failure never fails the translation.
 */
export async function noteTranslated(translated: TextTranslated, sender: Sender): Promise<void> {
  await Promise.all(
    [...listeners].map((listener) =>
      Promise.resolve()
        .then(() => listener(translated, sender))
        .catch((e: unknown) => console.warn('[verso] a listener of translations failed', e)),
    ),
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The text of the service's inline HTML (a selection's paragraphs): tags dropped, entities decoded. For
 * storing and showing as text only, never as markup.
 */
export function plainTextOf(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    });
}

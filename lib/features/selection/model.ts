import { signal } from '@preact/signals';
import type { Formality, Language } from '../../api/index.ts';
import { send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import { formatNumber, t } from '../../ui/i18n.ts';
import type { Capture } from './capture.ts';
import { MAX_SELECTION_CHARS } from './messages.ts';
import { type Placement, placeBubble } from './placement.ts';
import { isReplaceable, replaceSelection } from './replace.ts';
import { joinPlain, sanitizeTranslation } from './sanitize.ts';

export type BubblePhase = 'loading' | 'done' | 'error';

/** What the bubble shows. Paragraphs are sanitised HTML (sanitize.ts), safe to insert. */
export interface BubbleState {
  phase: BubblePhase;
  paragraphs: string[];
  /** Upper-case code as the service reports it. */
  detectedSource?: string;
  /** The page declared the source, so it was not detected. */
  sourceGiven: boolean;
  targetLang?: string;
  formality: Formality;
  error?: ErrorInfo;
  /** A short confirmation ("Copied."), announced politely. */
  notice?: string;
  replaceable: boolean;
  /** The model the service used (`model_type_used`), when a model type was sent. */
  modelTypeUsed?: string;
  /** Why a chosen setting was changed or left out for this translation. */
  paramNotes?: string[];
}

export const bubble = signal<BubbleState | null>(null);
export const languages = signal<Language[]>([]);
/** Where the bubble stands (viewport coordinates): follows the selection as the page scrolls. */
export const position = signal<Placement>({ left: 8, top: 8, maxHeight: 400 });

let active: Capture | null = null;
let translatedText = '';
let request = 0;
let onClose: (() => void) | undefined;

/** Called when the bubble closes (the UI unmounts and gives focus back). */
export function setCloseHandler(fn: () => void): void {
  onClose = fn;
}

const update = (patch: Partial<BubbleState>) => {
  if (bubble.value) bubble.value = { ...bubble.value, ...patch };
};

async function loadLanguages(): Promise<void> {
  if (languages.value.length > 0) return;
  const result = await send('languages.get', { resource: 'translate_text' });
  if (result.ok) languages.value = result.value;
}

/** What can be told without asking the service: too long a selection, or no network at all. */
function refuseEarly(capture: Capture): ErrorInfo | undefined {
  const { text, cut } = capture.selection;
  if (cut || text.length > MAX_SELECTION_CHARS) {
    const [count, limit] = [formatNumber(text.length), formatNumber(MAX_SELECTION_CHARS)];
    // A cut selection was not read to its end: its length is not known, only that it is too long.
    const message = cut
      ? t(
          'selTooLongCut',
          'The selection has more than $1 characters; Verso translates at most $1 at once. Select less text.',
          limit,
        )
      : t('selTooLong', 'The selection has $1 characters; Verso translates at most $2 at once. Select less text.', [
          count,
          limit,
        ]);
    return { name: 'Error', code: 'invalid_request', message };
  }
  if (navigator.onLine === false) {
    return { name: 'Error', code: 'network', message: t('selOffline', 'The browser is offline.') };
  }
  return undefined;
}

async function translate(options: { targetLang?: string; formality?: Formality; remember?: boolean } = {}) {
  const capture = active;
  if (!capture) return;
  const id = ++request;
  update({ phase: 'loading', error: undefined, notice: undefined });
  const refusal = refuseEarly(capture);
  if (refusal) {
    update({ phase: 'error', error: refusal });
    return;
  }
  const result = await send('selection.translate', {
    paragraphs: capture.selection.paragraphs,
    ...(capture.context ? { context: capture.context } : {}),
    ...(capture.pageLang ? { pageLang: capture.pageLang } : {}),
    ...options,
  });
  // A newer request, or a closed bubble, wins over a late answer.
  if (id !== request || active !== capture) return;
  if (!result.ok) {
    update({ phase: 'error', error: result.error });
    return;
  }
  const { value } = result;
  const { links, separators, lead, trail } = capture.selection;
  const paragraphs = value.paragraphs.map((p) => sanitizeTranslation(p, links));
  translatedText = joinPlain(paragraphs, separators, lead, trail);
  update({
    phase: 'done',
    paragraphs,
    detectedSource: value.detectedSource,
    sourceGiven: !value.sourceDetected,
    targetLang: value.targetLang,
    formality: value.formality,
    modelTypeUsed: value.modelTypeUsed,
    paramNotes: value.notes,
  });
}

export function reposition(): void {
  if (!active) return;
  const view = { width: innerWidth, height: innerHeight };
  position.value = placeBubble(active.rect(), view);
}

/** Shows the bubble for a captured selection and translates it with the preferred target. */
export function open(capture: Capture): void {
  active = capture;
  translatedText = '';
  bubble.value = {
    phase: 'loading',
    paragraphs: [],
    sourceGiven: false,
    formality: 'default',
    replaceable: isReplaceable(capture.target),
  };
  reposition();
  void loadLanguages();
  void translate();
}

export function close(): void {
  if (!active) return;
  clearTimeout(pickTimer);
  active = null;
  request++;
  bubble.value = null;
  onClose?.();
}

/**
 * Arrow keys on a closed picker change it once per key press: the bubble shows each choice at once but
 * translates only the one the person settles on, so walking through the list bills nothing extra.
 */
export const PICK_SETTLE_MS = 350;
let pickTimer: ReturnType<typeof setTimeout> | undefined;

function pick(options: { targetLang?: string; formality?: Formality; remember?: boolean }): void {
  // A newer choice makes any answer still on its way stale.
  const id = ++request;
  const shown = {
    ...(options.targetLang ? { targetLang: options.targetLang } : {}),
    ...(options.formality ? { formality: options.formality } : {}),
  };
  update({ phase: 'loading', error: undefined, notice: undefined, ...shown });
  clearTimeout(pickTimer);
  pickTimer = setTimeout(() => {
    if (id === request) void translate(options);
  }, PICK_SETTLE_MS);
}

export const changeTarget = (targetLang: string) =>
  pick({ targetLang, formality: bubble.value?.formality, remember: true });

/** Asks again with the same choices, after an error the person may have fixed or waited out. */
export const retry = () => translate({ targetLang: bubble.value?.targetLang, formality: bubble.value?.formality });

export const changeFormality = (formality: Formality) => pick({ targetLang: bubble.value?.targetLang, formality });

/** Writes the text through a textarea `copy` when the async clipboard is refused (no focus, old browser). */
function copyWithCommand(text: string, doc: Document, holder: Node): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  holder.appendChild(area);
  area.select();
  const done = doc.execCommand('copy');
  area.remove();
  return done;
}

export async function copy(holder: Node): Promise<void> {
  if (!translatedText) return;
  let done = false;
  try {
    await navigator.clipboard.writeText(translatedText);
    done = true;
  } catch {
    done = copyWithCommand(translatedText, document, holder);
  }
  update({
    notice: done ? t('selCopied', 'Copied.') : t('selCopyFailed', 'Could not copy. Select the text and copy it.'),
  });
}

export function replace(): void {
  const capture = active;
  const state = bubble.value;
  if (!capture || !state || state.phase !== 'done') return;
  const html =
    state.paragraphs.length === 1 ? (state.paragraphs[0] ?? '') : state.paragraphs.map((p) => `<p>${p}</p>`).join('');
  // Close first: focus goes back to the field, where the edit must happen.
  close();
  replaceSelection(capture.target, { text: translatedText, html });
}

export async function openInPopup(): Promise<void> {
  const capture = active;
  if (!capture) return;
  const targetLang = bubble.value?.targetLang;
  const result = await send('selection.openInPopup', {
    text: capture.selection.text,
    ...(targetLang ? { targetLang } : {}),
  });
  if (active !== capture) return;
  if (!result.ok) update({ notice: undefined, error: result.error });
  else if (result.value.opened) close();
  else
    update({
      notice: t('selPopupWaiting', 'The text is waiting in the Verso popup: click the Verso button in the toolbar.'),
    });
}

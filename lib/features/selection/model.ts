import { signal } from '@preact/signals';
import type { Formality, Language } from '../../api/index.ts';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { Clock } from '../../ui/clock.ts';
import { formatNumber, t } from '../../ui/i18n.ts';
import { termSavedWording } from '../glossaries/save-term.ts';
import { blocksToHtml, blocksToText, groupBlocks } from './blocks.ts';
import type { Capture, SelectionTarget } from './capture.ts';
import { MAX_SELECTION_CHARS } from './messages.ts';
import { followSelection, type Placement, placeBubble, type Rect } from './placement.ts';
import { isReplaceable } from './replace.ts';
import { joinPlain, sanitizeTranslation } from './sanitize.ts';
import type { BlockShape } from './serialize.ts';

/** `confirm`: an unusual selection (long, or holding hidden text) waits for the person's yes. */
export type BubblePhase = 'confirm' | 'loading' | 'done' | 'error';

/** What the bubble asks about before it sends an unusual selection. */
export interface SelectionAsk {
  /** Characters that would be sent. */
  chars: number;
  /** Of them, characters the page does not show (hidden.ts). */
  hidden: number;
}

/** What the bubble shows. Paragraphs are sanitised HTML (sanitize.ts), safe to insert. */
export interface BubbleState {
  phase: BubblePhase;
  paragraphs: string[];
  /** What each paragraph was on the page (heading, list item...); missing means running text. */
  shapes?: BlockShape[];
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
  /** The text is in the target language already: nothing was translated. */
  alreadyInTarget?: boolean;
  /** In the `confirm` phase: the size asked about. */
  ask?: SelectionAsk;
  /** A word or short phrase (one paragraph, at most TERM_CHARS): "Save to glossary" is offered. */
  termSavable?: boolean;
}

/** The longest selection offered as a glossary term: a word or phrase, not a passage. */
export const TERM_CHARS = 100;

/**
 * Arrow keys on a closed picker change it once per key press: the bubble shows each choice at once but
 * translates only the one the person settles on, so walking through the list bills nothing extra.
 */
export const PICK_SETTLE_MS = 350;

type Choice = { targetLang?: string; formality?: Formality; remember?: boolean };

export interface SelectionDeps {
  send: Send;
  clock: Clock;
  /** Puts text, and HTML when given, on the clipboard (copy.ts); false when the browser refused. */
  copy(text: string, holder: Node, html?: string): Promise<boolean>;
  /** Writes the translation over the selection it came from (replace.ts). */
  replace(target: SelectionTarget, translation: { text: string; html: string }): void;
  /** False when the browser knows it is offline. */
  online(): boolean;
  viewport(): { width: number; height: number };
  /** The bubble closed: the page gets its focus back. */
  onClose(): void;
}

/** The selection bubble of one frame: what it shows, where, and what its buttons do. */
export class SelectionModel {
  readonly bubble = signal<BubbleState | null>(null);
  readonly languages = signal<Language[]>([]);
  /** Where the bubble stands (viewport coordinates): follows the selection as the page scrolls. */
  readonly position = signal<Placement>({ left: 8, top: 8, maxHeight: 400 });

  private active: Capture | null = null;
  /** Where the selection was when the bubble was last placed. */
  private anchor: Rect | null = null;
  private translatedText = '';
  private translatedHtml = '';
  private request = 0;
  private cancelPick: (() => void) | undefined;

  constructor(private readonly deps: SelectionDeps) {}

  private update(patch: Partial<BubbleState>): void {
    if (this.bubble.value) this.bubble.value = { ...this.bubble.value, ...patch };
  }

  private async loadLanguages(): Promise<void> {
    if (this.languages.value.length > 0) return;
    const result = await this.deps.send('languages.get', { resource: 'translate_text' });
    if (result.ok) this.languages.value = result.value;
  }

  /** What can be told without asking the service: too long a selection, or no network at all. */
  private refuseEarly(capture: Capture): ErrorInfo | undefined {
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
    if (!this.deps.online()) {
      return { name: 'Error', code: 'network', message: t('selOffline', 'The browser is offline.') };
    }
    return undefined;
  }

  private async translate(options: Choice = {}): Promise<void> {
    const capture = this.active;
    if (!capture) return;
    const id = ++this.request;
    this.update({ phase: 'loading', error: undefined, notice: undefined });
    const refusal = this.refuseEarly(capture);
    if (refusal) {
      this.update({ phase: 'error', error: refusal });
      return;
    }
    const result = await this.deps.send('selection.translate', {
      paragraphs: capture.selection.paragraphs,
      ...(capture.context ? { context: capture.context } : {}),
      ...(capture.pageLang ? { pageLang: capture.pageLang } : {}),
      ...options,
    });
    // A newer request, or a closed bubble, wins over a late answer.
    if (id !== this.request || this.active !== capture) return;
    if (!result.ok) {
      this.update({ phase: 'error', error: result.error });
      return;
    }
    const { value } = result;
    const { links, separators, lead, trail, shapes } = capture.selection;
    const paragraphs = value.paragraphs.map((p) => sanitizeTranslation(p, links));
    // A page's selection keeps its headings and lists; a text field's keeps its own separators.
    const groups = shapes ? groupBlocks(paragraphs, shapes) : undefined;
    this.translatedText = groups ? blocksToText(groups) : joinPlain(paragraphs, separators, lead, trail);
    this.translatedHtml = groups ? blocksToHtml(groups) : '';
    this.update({
      phase: 'done',
      paragraphs,
      ...(shapes ? { shapes } : {}),
      detectedSource: value.detectedSource,
      sourceGiven: !value.sourceDetected,
      targetLang: value.targetLang,
      formality: value.formality,
      modelTypeUsed: value.modelTypeUsed,
      paramNotes: value.notes,
      alreadyInTarget: value.alreadyInTarget === true,
      termSavable:
        value.alreadyInTarget !== true && paragraphs.length === 1 && capture.selection.text.trim().length <= TERM_CHARS,
    });
  }

  /** Places the bubble by its selection anew (opening, the window resized). */
  reposition(): void {
    if (!this.active) return;
    this.anchor = plainRect(this.active.rect());
    this.position.value = placeBubble(this.anchor, this.deps.viewport());
  }

  /** The page scrolled: the bubble moves with its selection (placement.ts). */
  follow(): void {
    if (!this.active || !this.anchor) return;
    const now = plainRect(this.active.rect());
    if (now.top === this.anchor.top && now.left === this.anchor.left) return;
    this.position.value = followSelection(this.position.value, this.anchor, now);
    this.anchor = now;
  }

  /**
   * Shows the bubble for a captured selection and translates it with the preferred target; with `ask`,
   * it first asks whether to send that much (nothing goes until `proceed()`). A selection refused anyway
   * (too long, offline) is not asked about.
   */
  open(capture: Capture, ask?: SelectionAsk): void {
    this.active = capture;
    this.translatedText = '';
    this.translatedHtml = '';
    const asking = ask !== undefined && this.refuseEarly(capture) === undefined;
    this.bubble.value = {
      phase: asking ? 'confirm' : 'loading',
      paragraphs: [],
      sourceGiven: false,
      formality: 'default',
      replaceable: isReplaceable(capture.target),
      ...(asking ? { ask } : {}),
    };
    this.reposition();
    void this.loadLanguages();
    if (!asking) void this.translate();
  }

  /** The person said yes to an unusual selection (a visible click): it is sent now, with their choices. */
  proceed(): void {
    const state = this.bubble.value;
    if (state?.phase !== 'confirm') return;
    this.update({ ask: undefined });
    void this.translate({
      ...(state.targetLang ? { targetLang: state.targetLang } : {}),
      ...(state.formality !== 'default' ? { formality: state.formality } : {}),
    });
  }

  close(): void {
    if (!this.active) return;
    this.cancelPick?.();
    this.active = null;
    this.request++;
    this.bubble.value = null;
    this.deps.onClose();
  }

  private pick(options: Choice): void {
    // A newer choice makes any answer still on its way stale.
    const id = ++this.request;
    const shown = {
      ...(options.targetLang ? { targetLang: options.targetLang } : {}),
      ...(options.formality ? { formality: options.formality } : {}),
    };
    // Still asking: the choice is shown and used once the person says yes; nothing is sent now.
    if (this.bubble.value?.phase === 'confirm') {
      this.update(shown);
      return;
    }
    this.update({ phase: 'loading', error: undefined, notice: undefined, ...shown });
    this.cancelPick?.();
    this.cancelPick = this.deps.clock.after(PICK_SETTLE_MS, () => {
      if (id === this.request) void this.translate(options);
    });
  }

  changeTarget(targetLang: string): void {
    this.pick({ targetLang, formality: this.bubble.value?.formality, remember: true });
  }

  changeFormality(formality: Formality): void {
    this.pick({ targetLang: this.bubble.value?.targetLang, formality });
  }

  /** Asks again with the same choices, after an error the person may have fixed or waited out. */
  retry(): Promise<void> {
    return this.translate({ targetLang: this.bubble.value?.targetLang, formality: this.bubble.value?.formality });
  }

  async copy(holder: Node): Promise<void> {
    if (!this.translatedText) return;
    const done = await this.deps.copy(this.translatedText, holder, this.translatedHtml || undefined);
    this.update({
      notice: done ? t('selCopied', 'Copied.') : t('selCopyFailed', 'Could not copy. Select the text and copy it.'),
    });
  }

  replace(): void {
    const capture = this.active;
    const state = this.bubble.value;
    if (!capture || !state || state.phase !== 'done') return;
    const html =
      state.paragraphs.length === 1 ? (state.paragraphs[0] ?? '') : state.paragraphs.map((p) => `<p>${p}</p>`).join('');
    const text = this.translatedText;
    // Close first: focus goes back to the field, where the edit must happen.
    this.close();
    this.deps.replace(capture.target, { text, html });
  }

  /** Saves the selection and its translation as a glossary term of their pair. */
  async saveTerm(): Promise<void> {
    const capture = this.active;
    const state = this.bubble.value;
    const target = this.translatedText.trim();
    if (
      !capture ||
      state?.phase !== 'done' ||
      !state.termSavable ||
      !target ||
      !state.targetLang ||
      !state.detectedSource
    )
      return;
    const result = await this.deps.send('selection.saveTerm', {
      source: capture.selection.text.trim(),
      target,
      sourceLang: state.detectedSource,
      targetLang: state.targetLang,
    });
    if (this.active !== capture) return;
    if (!result.ok) this.update({ notice: undefined, error: result.error });
    else this.update({ notice: termSavedWording(result.value) });
  }

  async openInPopup(): Promise<void> {
    const capture = this.active;
    if (!capture) return;
    const targetLang = this.bubble.value?.targetLang;
    const result = await this.deps.send('selection.openInPopup', {
      text: capture.selection.text,
      ...(targetLang ? { targetLang } : {}),
    });
    if (this.active !== capture) return;
    if (!result.ok) this.update({ notice: undefined, error: result.error });
    else if (result.value.opened) this.close();
    else
      this.update({
        notice: t('selPopupWaiting', 'The text is waiting in the Verso popup: click the Verso button in the toolbar.'),
      });
  }

  /** The content script goes away: the bubble closes and answers still on their way are dropped. */
  dispose(): void {
    this.cancelPick?.();
    this.active = null;
    this.request++;
    this.bubble.value = null;
  }
}

const plainRect = (r: Rect): Rect => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });

import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { t } from '../../ui/i18n.ts';
import { annotated, DOCS_EDITOR, docsInputFrame } from './docs-canvas.ts';
import type { EligibleField } from './eligibility.ts';
import { PERSON_INPUT_EVENTS, type PersonInputEventType } from './person-input.ts';

interface DocsInputDeps {
  /** An event of the person-input gate, with the field it counts for. */
  see(type: PersonInputEventType, event: Event, field: () => HTMLElement | null): void;
  /** The keys of checking as you type (F8, Enter and Escape on a card). */
  key(event: KeyboardEvent): void;
  checking(): boolean;
  /** Says something on the field, once per page. */
  tell(text: string): void;
}

/**
 * Google Docs takes what the person types in a hidden contenteditable of its input frame
 * (`docs-canvas.ts`), not in the editor they see. From the top frame (the input frame is same-origin, its
 * document readable), this listens there: the person's keys, beforeinput and input count as edits of
 * the editor, and the keys of checking as you type work there as in any field.
 */
export class DocsInput {
  private readonly frames = new WeakSet<Window>();

  constructor(
    private readonly ctx: ContentScriptContext,
    private readonly deps: DocsInputDeps,
  ) {
    // A press on the editor (Docs moves its input frame's focus there): listen to that frame now.
    ctx.addEventListener(
      document,
      'pointerdown',
      (event) => {
        if (event.isTrusted && (event.target as Element | null)?.closest?.(DOCS_EDITOR)) this.listen();
      },
      { capture: true, passive: true },
    );
  }

  /** Starts listening to the page's input frame, if it is a Docs page (once per frame). */
  listen(): void {
    const editor = document.querySelector<HTMLElement>(DOCS_EDITOR);
    const view = docsInputFrame(document)?.contentWindow;
    if (!editor || !view || this.frames.has(view)) return;
    this.frames.add(view);
    for (const type of PERSON_INPUT_EVENTS) {
      this.ctx.addEventListener(
        view,
        type,
        (event: Event) => this.deps.see(type, event, () => document.querySelector<HTMLElement>(DOCS_EDITOR)),
        { capture: true, passive: true },
      );
    }
    this.ctx.addEventListener(view, 'keydown', (event: KeyboardEvent) => this.deps.key(event), { capture: true });
  }

  /** The event happened in a Docs input frame this listens to. */
  holds(target: EventTarget | null): boolean {
    const view = (target as Node | null)?.ownerDocument?.defaultView;
    return !!view && this.frames.has(view);
  }

  /**
   * Checking is on and the person types in a Docs editor that shows no annotations (on docs.google.com:
   * Docs opens them only to extensions it approved, and Verso is not one): it says so, once, instead of
   * showing nothing. Nothing was read, so nothing was sent.
   */
  explain(field: EligibleField): void {
    if (field.kind !== 'docs' || !this.deps.checking() || annotated(field.element)) return;
    this.deps.tell(
      t(
        'writingDocsCanvas',
        "Verso can't check text in Google Docs: Google Docs draws its text on a canvas that it opens only to extensions it has approved.",
      ),
    );
  }
}

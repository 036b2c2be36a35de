import { getAttribute } from '../../dom/unclobbered.ts';
import { DOCS_EDITOR } from './docs-canvas.ts';
import { CODE_EDITORS, type EligibleField } from './eligibility.ts';

/**
 * The attributes a field's verdict is made of, on the field or above it (eligibility.ts, docs-canvas.ts):
 * the opt-outs, spelling, editing, the input's type and state, what names a secret field, and the classes
 * that mark code editors and Google Docs.
 */
const VERDICT_ATTRIBUTES = [
  'data-verso',
  'spellcheck',
  'data-gramm',
  'data-gramm_editor',
  'data-enable-grammarly',
  'contenteditable',
  'type',
  'readonly',
  'disabled',
  'autocomplete',
  'name',
  'id',
  'aria-label',
  'placeholder',
  'class',
];

/**
 * The classes a verdict looks for (code editors, Google Docs): a change of any other class (an editor's
 * balloon moving on every key) changes no verdict.
 */
const VERDICT_CLASSES = new Set([CODE_EDITORS, DOCS_EDITOR].join(',').match(/(?<=\.)[\w-]+/g) ?? []);

function namesVerdictClass(value: string | null): boolean {
  return !!value && value.split(/\s+/).some((name) => VERDICT_CLASSES.has(name));
}

/**
 * Which field, if any, an element the person types in belongs to, asked on every key (its keydown, and
 * the draw after it): the verdict is kept per element for as long as nothing it is made of can have
 * changed. Any change of one of `VERDICT_ATTRIBUTES` anywhere in the document (of a class, one that
 * names a code editor or Docs), and any focus change (an element moved elsewhere in the page loses its
 * focus, and keys go to the focused element), forget every kept verdict. Elements in shadow roots are not kept: changes there are not seen from the document.
 */
export class FieldVerdicts {
  private kept = new WeakMap<object, { choice: string; field: EligibleField | null }>();
  private observer: MutationObserver | undefined;

  constructor(
    private readonly doc: Document,
    private readonly decide: (target: EventTarget | null) => EligibleField | null,
  ) {}

  /** The field of `target`; `choice` names what the person chose that the verdict depends on. */
  of(target: EventTarget | null, choice: string): EligibleField | null {
    if (!target || typeof (target as Node).getRootNode !== 'function') return this.decide(target);
    const node = target as Node;
    if (node.getRootNode() !== this.doc) return this.decide(target);
    const kept = this.kept.get(node);
    if (kept && kept.choice === choice) return kept.field;
    this.watch();
    const field = this.decide(target);
    this.kept.set(node, { choice, field });
    return field;
  }

  /** Forgets every verdict (the focus moved). */
  forget(): void {
    this.kept = new WeakMap();
  }

  dispose(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.forget();
  }

  private watch(): void {
    if (this.observer) return;
    const view = this.doc.defaultView;
    if (!view) return;
    this.observer = new view.MutationObserver((records) => {
      const changed = records.some(
        (r) =>
          r.attributeName !== 'class' ||
          namesVerdictClass(r.oldValue) ||
          namesVerdictClass(getAttribute(r.target as Element, 'class')),
      );
      if (changed) this.forget();
    });
    this.observer.observe(this.doc, {
      attributes: true,
      attributeOldValue: true,
      subtree: true,
      attributeFilter: VERDICT_ATTRIBUTES,
    });
  }
}

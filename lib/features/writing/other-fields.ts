import { signal } from '@preact/signals';
import type { EligibleField } from './eligibility.ts';

/** How many fields besides the current one keep their underlines; beyond this the longest left go. */
export const MAX_OTHER_FIELDS = 8;

/** A field the person typed in and left for another, with its text as last read. */
export interface OtherField {
  field: EligibleField;
  text: string;
}

/**
 * The fields checked as you type that the person left for another, the most recently left first: each
 * keeps its text, so its suggestions (computed from the answers kept by sentence text) and underlines
 * stay while it is on the page and its sentences unchanged, and coming back to it sends nothing again.
 * Bounded: at most `max` fields, and a field that leaves the page is dropped.
 */
export class OtherFields {
  readonly list = signal<readonly OtherField[]>([]);

  constructor(private readonly max = MAX_OTHER_FIELDS) {}

  /** The person left `field` (holding `text`) for another one. */
  keep(field: EligibleField, text: string): void {
    const rest = this.list.value.filter((k) => k.field.element !== field.element);
    this.list.value = [{ field, text }, ...rest].slice(0, this.max);
  }

  /** The kept field that is or holds `node`, if any. */
  holding(node: Node): OtherField | undefined {
    return this.list.value.find((k) => k.field.element === node || k.field.element.contains(node));
  }

  /** The text of a kept field as just read (its page or the browser's undo may have changed it). */
  see(element: HTMLElement, text: string): void {
    const list = this.list.value;
    if (!list.some((k) => k.field.element === element && k.text !== text)) return;
    this.list.value = list.map((k) => (k.field.element === element ? { ...k, text } : k));
  }

  /** `element` is no longer an other field: the person came back to it, or it left the page. */
  drop(element: HTMLElement): void {
    const list = this.list.value;
    if (list.some((k) => k.field.element === element)) {
      this.list.value = list.filter((k) => k.field.element !== element);
    }
  }

  clear(): void {
    if (this.list.value.length) this.list.value = [];
  }
}

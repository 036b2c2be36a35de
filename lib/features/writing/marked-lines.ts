import { contains } from '../../dom/unclobbered.ts';
import { lineOf } from './editable-read.ts';

/**
 * The lines of an editable region that held an underline at a draw since the person came to it
 * (editable-read.ts): an undo there can bring one back. Known only after a draw with highlight ranges,
 * all of them in lines read; until then every change draws.
 */
export class MarkedLines {
  private lines = new Set<Element>();
  private known = false;

  /** The person came to another field: nothing is known of its lines yet. */
  reset(): void {
    this.lines = new Set();
    this.known = false;
  }

  /**
   * Whether changes inside `host` may move or end an underline drawn there: a change in a line that holds
   * one, or anywhere when that is not known. Highlight ranges follow the text by themselves through
   * changes in other lines, so typing in a paragraph with no underline draws nothing (in a long document
   * that is most keys); the text is read again at the next draw, or when the check or the person's next
   * step with a suggestion needs it (check-model.ts).
   */
  moved(host: HTMLElement, records: readonly MutationRecord[]): boolean {
    if (!this.known) return true;
    if (this.lines.size === 0) return false;
    for (const record of records) {
      // A node no longer in the field: its taking out was a change of a node still in it. Attributes
      // (what a read looks at, editable-read.ts) move no underline.
      if (record.type === 'attributes' || !contains(host, record.target)) continue;
      const line = lineOf(host, record.target);
      if (!line || this.lines.has(line)) return true;
    }
    return false;
  }

  /** A draw laid out `ranges` in `host`: their lines are marked; unknown when one of them is in none. */
  drawn(host: HTMLElement, ranges: readonly (Range | undefined)[]): void {
    this.known = this.add(host, ranges);
  }

  private add(host: HTMLElement, ranges: readonly (Range | undefined)[]): boolean {
    for (const range of ranges) {
      if (!range) continue;
      for (const node of [range.startContainer, range.endContainer]) {
        const line = lineOf(host, node);
        if (!line) return false;
        this.lines.add(line);
      }
    }
    return true;
  }
}

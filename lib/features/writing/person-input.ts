/**
 * Which edits of a field a person made: the gate of the typing features (checking as you type,
 * "translate what I type", `content.ts`). A page's script can change a field in ways whose `input`
 * events are trusted: in Chromium, `document.execCommand('insertText', …)` fires a trusted `input`
 * event (checked with Chromium 14x), so `event.isTrusted` on `input` alone lets a page type for the
 * person and spend their quota. What a page cannot make is the sequence a person's own action makes:
 *
 * - a key press: a trusted `keydown` in the field, then a trusted `beforeinput` in the same field, then
 *   its `input` with the same `inputType` and `data` (execCommand fires no `beforeinput` at all);
 * - a paste or a drop: a trusted `paste` or `drop` on the field, then its `beforeinput` and `input`;
 * - an IME composition: its trusted `compositionend` in the field (the text the person composed).
 *
 * A `keydown`, `paste` or `drop` grants the field one `beforeinput`; that `beforeinput` lets exactly one
 * `input` with the same type and data through. Anything else is not the person's: `input` events with no
 * trusted `beforeinput` before them (execCommand, `insertText` in the page's handlers), events a script
 * dispatched (untrusted), a value set by script (no event), a `beforeinput` without a key, paste or drop
 * before it (automation's `insertText`, autofill), and edits in another field than the key's.
 *
 * An editor that makes the edit itself cancels the browser's: Slate cancels the `beforeinput` of anything
 * but letters and spaces (punctuation, digits, Backspace, Enter), Draft.js the `keydown` of Backspace,
 * then changes its document from its own handler, and no `input` follows. Once the dispatch of the
 * person's `beforeinput`, or of an editing key's `keydown`, is over (`settled`), a cancelled one counts as
 * the edit it was for: still one edit per key of the person's.
 *
 * What this does not stop: a page that calls execCommand from its own handler of the person's key press
 * changes the field's text, and what the person's next edit reads then includes the page's text. That
 * is bounded by the person's own key presses (one edit counted per key, paste, drop or composition).
 *
 * Pure: the caller passes each event's facts (trusted or not, the field it happened in), so tests need
 * no browser.
 */

/** The events the gate looks at. */
export const PERSON_INPUT_EVENTS = [
  'keydown',
  'keyup',
  'paste',
  'drop',
  'beforeinput',
  'input',
  'compositionend',
] as const;
export type PersonInputEventType = (typeof PERSON_INPUT_EVENTS)[number];

/** What the gate needs to know of one event. */
export interface SeenEvent<F> {
  type: PersonInputEventType;
  isTrusted: boolean;
  /** The field the event happened in (its editing host for contenteditable), or null outside fields. */
  field: F | null;
  /** `keydown` and `keyup`: the key's `code` (a keyup ends only its own key's grant). */
  code?: string;
  /** `keydown`: the key's `key`, and whether a modifier that makes it a shortcut (Ctrl, Alt, Meta) is held. */
  key?: string;
  shortcut?: boolean;
  /** `beforeinput` and `input`: the event's `inputType`. */
  inputType?: string;
  /** `beforeinput` and `input`: the event's `data`; `compositionend`: the composed text. */
  data?: string | null;
}

/** An edit the person made in `field`, as the typing features take it. */
export interface PersonEdit<F> {
  field: F;
  inputType: string;
  data: string | null;
}

type Grant = 'key' | 'paste' | 'drop';

/** The `inputType` a paste or a drop leads to; a key may lead to any. */
const GRANTED_TYPES: Record<Exclude<Grant, 'key'>, ReadonlySet<string>> = {
  paste: new Set(['insertFromPaste', 'insertFromPasteAsQuotation', 'insertReplacementText']),
  drop: new Set(['insertFromDrop']),
};

/**
 * Pairs a person's actions with the edits they cause, per field (one person has one focused field:
 * a grant for another field replaces the last one). Feed it every event of `PERSON_INPUT_EVENTS`;
 * `see` answers the person's edit an event completes, else null.
 */
export class PersonInput<F> {
  /** The last key, paste or drop of the person, and the field it was in: it may start one edit. */
  private granted: { field: F; by: Grant; code?: string } | null = null;
  /** A person's `beforeinput`, waiting for its `input`. */
  private pending: { field: F; inputType: string; data: string | null; code?: string } | null = null;
  /** The person's last `keydown` or `beforeinput` whose dispatch may not be over: `settled` says. */
  private open: { type: 'keydown'; edit: PersonEdit<F> | null } | { type: 'beforeinput' } | null = null;

  see(event: SeenEvent<F>): PersonEdit<F> | null {
    const { type, field } = event;
    if (!event.isTrusted) {
      // Script-made events count for nothing, and take nothing away from the person either.
      return null;
    }
    this.open = null;
    switch (type) {
      case 'keydown':
        this.granted = field === null ? null : { field, by: 'key', code: event.code };
        this.open = field === null ? null : { type, edit: editOfKey(field, event) };
        return null;
      case 'paste':
      case 'drop':
        this.granted = field === null ? null : { field, by: type };
        return null;
      case 'keyup':
        // The key's edits are done (key repeat sends a keydown for each): nothing of it waits any more.
        // Only its own: typing fast, the last key goes up after the next one went down.
        if (this.granted?.by === 'key' && this.granted.code === event.code) this.granted = null;
        if (this.pending?.code === event.code) this.pending = null;
        return null;
      case 'beforeinput': {
        const grant = this.granted;
        const inputType = event.inputType ?? '';
        this.pending = null;
        // A drag within one field first deletes the dragged words (deleteByDrag): the drop's grant
        // waits for its own insertFromDrop.
        if (grant && grant.by !== 'key' && !GRANTED_TYPES[grant.by].has(inputType)) return null;
        this.granted = null;
        if (field === null || !grant || grant.field !== field) return null;
        this.pending = { field, inputType, data: event.data ?? null, code: grant.code };
        this.open = { type };
        return null;
      }
      case 'input': {
        const pending = this.pending;
        const inputType = event.inputType ?? '';
        const data = event.data ?? null;
        // Not the input of the person's beforeinput (a page's execCommand in its own handler between
        // them, say): not counted, and the person's own input, still to come, keeps its place.
        if (field === null || !pending || pending.field !== field) return null;
        if (pending.inputType !== inputType || pending.data !== data) return null;
        this.pending = null;
        return { field, inputType, data };
      }
      case 'compositionend':
        this.granted = null;
        this.pending = null;
        return field === null ? null : { field, inputType: 'insertFromComposition', data: event.data ?? null };
    }
  }

  /**
   * The dispatch of the person's last `keydown` or `beforeinput` is over, and the page `cancelled` it or
   * not. Cancelled, the editor made the edit itself and no `input` comes: the key's edit, once.
   */
  settled(cancelled: boolean): PersonEdit<F> | null {
    const open = this.open;
    this.open = null;
    if (!open || !cancelled) return null;
    if (open.type === 'keydown') {
      // No beforeinput comes after a cancelled keydown: the key's grant is used up.
      this.granted = null;
      return open.edit;
    }
    const pending = this.pending;
    this.pending = null;
    return pending && { field: pending.field, inputType: pending.inputType, data: pending.data };
  }
}

/** The edit a key makes, as an editor that cancels its keydown makes it; null for keys that do not edit. */
function editOfKey<F>(field: F, { key, shortcut }: SeenEvent<F>): PersonEdit<F> | null {
  if (shortcut || !key) return null;
  if (key.length === 1 || (key.length === 2 && key.codePointAt(0)! > 0xffff)) {
    return { field, inputType: 'insertText', data: key };
  }
  const inputType = KEY_EDITS[key];
  return inputType ? { field, inputType, data: null } : null;
}

const KEY_EDITS: Record<string, string> = {
  Backspace: 'deleteContentBackward',
  Delete: 'deleteContentForward',
  Enter: 'insertParagraph',
};

import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { PERSON_INPUT_EVENTS, type PersonEdit, PersonInput, type PersonInputEventType } from './person-input.ts';

/** Feeds one event to the gate: its type, the event, and a way to find its field (asked only if needed). */
export type SeePerson = (type: PersonInputEventType, event: Event, field: () => HTMLElement | null) => void;

/**
 * Listens to the person's input events in this window (first, at the window, in the capture phase) and
 * passes each to a `PersonInput` gate, with the facts it needs; the edits it counts go to `onEdit`. A
 * keydown or beforeinput is settled at the person's next event (its beforeinput, its input or its keyup,
 * which every key press has), when its dispatch is over and whether the page cancelled it shows: no
 * listener of its own, as every listener a key runs costs the page's main thread. Returns the feeding
 * function, for events heard elsewhere (Google Docs' input frame).
 */
export function watchPersonInput(
  ctx: ContentScriptContext,
  fieldOf: (type: PersonInputEventType, target: EventTarget | null) => HTMLElement | null,
  onEdit: (edit: PersonEdit<HTMLElement>) => void,
): SeePerson {
  const person = new PersonInput<HTMLElement>();
  /** The person's keydown or beforeinput still being dispatched: whether the page cancelled it shows after. */
  let dispatching: Event | undefined;
  const settle = () => {
    const event = dispatching;
    dispatching = undefined;
    const edit = event && person.settled(event.defaultPrevented);
    if (edit) onEdit(edit);
  };
  const see: SeePerson = (type, event, field) => {
    settle();
    const { code, key, ctrlKey, altKey, metaKey } = event as KeyboardEvent;
    const edit = person.see({
      type,
      isTrusted: event.isTrusted,
      // Untrusted events count for nothing, and a keyup ends its key whatever the field: no need to
      // look for their field.
      field: event.isTrusted && type !== 'keyup' ? field() : null,
      code,
      key,
      shortcut: ctrlKey || altKey || metaKey,
      inputType: (event as InputEvent).inputType,
      data: (event as InputEvent | CompositionEvent).data,
    });
    if (edit) onEdit(edit);
    if (event.isTrusted && (type === 'keydown' || type === 'beforeinput')) dispatching = event;
  };
  for (const type of PERSON_INPUT_EVENTS) {
    ctx.addEventListener(
      window,
      type,
      (event: Event) => {
        const target = event.composedPath()[0] ?? event.target;
        see(type, event, () => fieldOf(type, target));
      },
      { capture: true, passive: true },
    );
  }
  return see;
}

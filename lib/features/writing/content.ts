import { effect, untracked } from '@preact/signals';
import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { mountWritingUi, type WritingUi } from '../../../components/writing/mount.tsx';
import { handle } from '../../messaging/handle.ts';
import { send } from '../../messaging/protocol.ts';
import { systemClock } from '../../ui/clock.ts';
import { contextTimers } from '../context-timers.ts';
import type { ContentFeature } from '../registry.ts';
import { CheckModel } from './check-model.ts';
import { docsField } from './docs-canvas.ts';
import { DocsInput } from './docs-input.ts';
import {
  type EligibleField,
  eligibleField,
  type FieldChoices,
  inCodeEditor,
  offeredField,
  typingField as typingFieldFor,
} from './eligibility.ts';
import { applyToField, readFieldCaret, readFieldText } from './field-io.ts';
import { FieldVerdicts } from './field-verdicts.ts';
import type { WritingStatus } from './messages.ts';
import { WritingModel } from './model.ts';
import { detectVia, ParagraphLanguages } from './paragraph-language.ts';
import { watchPersonInput } from './person-events.ts';
import type { PersonEdit, PersonInputEventType } from './person-input.ts';
import { suggestionKeys } from './suggestion-keys.ts';
import { TypeTranslateModel } from './type-translate-model.ts';
import { UnderlineLayer } from './underlines.ts';

/** The element that really has focus, looking inside open shadow roots of the page. */
function deepActiveElement(doc: Document): Element | null {
  let el = doc.activeElement;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el;
}

function holdsFocus(field: EligibleField): boolean {
  const active = deepActiveElement(document);
  return !!active && (active === field.element || field.element.contains(active));
}

/**
 * Writing help: a round button on focused text fields, the `improve-writing` shortcut and two
 * right-click items open a panel that corrects or rephrases the field's text and shows the result as
 * a diff to accept. Nothing is sent until the person asks; the UI is created on first use only.
 */
export const writingFeature: ContentFeature = {
  name: 'writing',
  runsOn: (location) => /^(https?|file):$/.test(location.protocol),
  init(ctx: ContentScriptContext) {
    const model = new WritingModel({ send, clock: systemClock, readText: readFieldText, apply: applyToField });
    ctx.onInvalidated(() => model.dispose());
    /** What the person chose about code editors, as the background last said. */
    const choices = (): FieldChoices => ({ codeEditors: !!model.status.value?.typing?.codeEditors });
    // A Google Docs editor is a typing field of its own kind (docs-canvas.ts).
    const verdicts = new FieldVerdicts(document, (target) => docsField(target) ?? typingFieldFor(target, choices()));
    ctx.onInvalidated(() => verdicts.dispose());
    // Asked on every key: kept per element while nothing it depends on changed (field-verdicts.ts).
    const typingField = (target: EventTarget | null) => verdicts.of(target, choices().codeEditors ? 'code' : '');

    // Checking as you type: the check, and the underlines it shows (measured in a hidden copy of the
    // field that lives in Verso's shadow root).
    const check = new CheckModel({
      send,
      clock: systemClock,
      readText: readFieldText,
      readCaret: readFieldCaret,
      apply: (field, edits) => {
        // Editors that took the change into their model (Slate, CKEditor) draw it a frame or a task
        // later, and fire no input event: read the text again once they have.
        void applyToField(field, edits).then(() => requestAnimationFrame(() => setTimeout(() => check.refresh())));
      },
      rephrase: (field, start, end) => void ensureUi().then(() => model.openRange(field, start, end)),
      languages: (text, spans) => paragraphs.of(text, spans),
      readsLater: (field) => field.kind === 'editable' && layer.readsLater(field.element),
    });
    const paragraphs = new ParagraphLanguages(
      detectVia(async (text) => {
        const found = await send('writing.language', { text });
        return (found.ok && found.value) || undefined;
      }),
    );
    // One copy per field drawn (the current one, then the others), each keeping its last layout.
    const mirrors: HTMLElement[] = [];
    const layer = new UnderlineLayer(check, (slot) => {
      if (!ui) return undefined;
      let mirror = mirrors[slot];
      if (!mirror?.isConnected) {
        const holder = document.createElement('div');
        holder.style.cssText =
          'position:fixed;left:0;top:0;width:0;height:0;overflow:hidden;visibility:hidden;pointer-events:none';
        mirror = document.createElement('div');
        holder.append(mirror);
        ui.shadow.append(holder);
        mirrors[slot] = mirror;
      }
      return mirror;
    });
    const typeTranslate = new TypeTranslateModel({
      send,
      readText: readFieldText,
      readCaret: readFieldCaret,
      apply: applyToField,
    });
    ctx.onInvalidated(() => {
      layer.dispose();
      check.dispose();
      typeTranslate.dispose();
    });

    let ui: WritingUi | undefined;
    let mounting: Promise<WritingUi> | undefined;
    const ensureUi = async () => {
      mounting ??= mountWritingUi(ctx, model, { check, layer, translate: typeTranslate }).then(
        (mounted) => (ui = mounted),
      );
      const ready = await mounting;
      // Pages that rebuild <body> take the host with them: put it back.
      if (!ready.shadowHost.isConnected) ready.mount();
      return ready;
    };
    const isOwnUi = (node: EventTarget | null) =>
      !!ui && node instanceof Node && (node === ui.shadowHost || ui.shadowHost.contains(node));

    /** Checking as you type follows what the background says about this frame's site and window. */
    const configureTyping = (status: WritingStatus | null, field: EligibleField) => {
      check.configure(status);
      typeTranslate.configure(status);
      const typed = typingField(field.element);
      if (check.checking && typed) {
        check.attach(typed);
        void check.loadDictionary();
      } else if (check.field.value?.element === field.element) check.detach();
    };

    // A switch changed from the panel (or the status was asked again): checking follows at once.
    const stopStatusWatch = effect(() => {
      const status = model.status.value;
      const field = untracked(() => model.field.value);
      if (status && field) configureTyping(status, field);
    });
    ctx.onInvalidated(stopStatusWatch);

    /** An event in a field the person typed in before: it is the current field again (nothing is sent). */
    const backTo = (event: Event) => {
      const target = event.composedPath()[0];
      const other = target instanceof Node ? check.others.holding(target) : undefined;
      if (other) check.attach(other.field);
    };

    /** Whether the event happened in the field whose suggestions checking as you type shows. */
    const inCheckedField = (event: Event) => {
      const element = check.field.value?.element;
      const target = event.composedPath()[0];
      if (check.field.value?.kind === 'docs' && docs.holds(target ?? null)) return true;
      return !!element && target instanceof Node && (target === element || element.contains(target));
    };

    // A click in the field on underlined words opens their card (the caret is where the click was).
    ctx.addEventListener(
      document,
      'click',
      (event) => {
        if (event.isTrusted) backTo(event);
        const field = check.field.value;
        if (!event.isTrusted || !field || !inCheckedField(event) || check.suggestions.value.length === 0) return;
        const caret = readFieldCaret(field);
        if (caret !== null) check.openAt(caret);
      },
      { capture: true },
    );

    // The keyboard, first (window, capture): suggestion-keys.ts.
    const onKey = suggestionKeys({ check, typeTranslate, backTo, inCheckedField });
    ctx.addEventListener(window, 'keydown', onKey, { capture: true });

    /** Shows the control for a field once the site rule allows it; `then` runs after that. */
    const offer = async (field: EligibleField, then?: () => void) => {
      const status = await model.refreshStatus();
      configureTyping(status, field);
      if (!status?.enabled) return false;
      await ensureUi();
      model.showFor(field);
      watchSize(field);
      then?.();
      return true;
    };

    let resizeObserver: ResizeObserver | undefined;
    const watchSize = (field: EligibleField) => {
      resizeObserver?.disconnect();
      resizeObserver = new ResizeObserver(() => refreshAnchor());
      resizeObserver.observe(field.element);
    };
    ctx.onInvalidated(() => resizeObserver?.disconnect());

    let frame = 0;
    const refreshAnchor = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const field = model.field.value;
        if (field && (model.buttonVisible.value || model.panelOpen.value)) {
          const rect = field.element.getBoundingClientRect();
          const was = model.anchor.value;
          // Typing fires this on every key: the button moves (and redraws) only when the field did.
          if (!was || was.x !== rect.x || was.y !== rect.y || was.width !== rect.width || was.height !== rect.height) {
            model.anchor.value = rect;
          }
        }
      });
    };
    ctx.addEventListener(
      window,
      'scroll',
      () => {
        refreshAnchor();
        layer.scrolled();
      },
      { capture: true, passive: true },
    );
    // A resize (or zoom) may change the field's style as well as its place.
    ctx.addEventListener(
      window,
      'resize',
      () => {
        refreshAnchor();
        layer.restyle();
      },
      { passive: true },
    );

    // What the person types, pastes, drops or composes starts the wait for a pause, after which the
    // changed sentences are checked, and may be the gesture of "translate what I type". Never what the
    // page's script does: its execCommand('insertText') fires trusted input events too, so an edit
    // counts only when the person's own key, paste, drop or composition in that field led to it
    // (person-input.ts). Fields the page asked to be left alone are not typing fields at all.
    let statusAsked: Promise<unknown> | undefined;
    /** A code editor while the status, which says whether the person has code editors checked, is unknown. */
    const pendingCodeEditor = (target: EventTarget | null) => {
      if (model.status.value) return null;
      const field = eligibleField(target);
      return field && inCodeEditor(field.element) ? field : null;
    };
    // The check's part of a key (reading the field, the wait for a pause) runs in a task of its own just
    // after the key's: an editor that spends tens of milliseconds on a key in a long document (Draft.js)
    // does not get Verso's part added to that task. Keys typed before it ran are taken together.
    let typed: EligibleField[] = [];
    const checkInput = (field: EligibleField) => {
      if (typed.length === 0) {
        contextTimers(ctx).setTimeout(() => {
          const fields = typed;
          typed = [];
          for (const f of fields) check.onInput(f);
        }, 0);
      }
      if (typed.at(-1)?.element !== field.element) typed.push(field);
    };
    const onPersonEdit = ({ field: element, inputType, data }: PersonEdit<HTMLElement>) => {
      // What the person types may move the field (its size is watched on its own, `watchSize`).
      refreshAnchor();
      // The field the key itself was found in (`fieldOfEvent`), not looked up a third time.
      const field = found?.typing?.element === element ? found.typing : typingField(element);
      if (!field) {
        // A code editor typed in before the person's choice about code editors is known (the first keys
        // after the page loaded): decided once the status is, so no key typed meanwhile is lost.
        if (!pendingCodeEditor(element)) return;
        statusAsked ??= model.refreshStatus().finally(() => {
          statusAsked = undefined;
        });
        void statusAsked.then(() => {
          if (model.status.value) onPersonEdit({ field: element, inputType, data });
        });
        return;
      }
      // Three spaces after a sentence: "translate what I type" replaces it.
      if (typeTranslate.onInput(field, inputType, data)) return;
      if (check.field.value?.element === field.element && check.checking) {
        checkInput(field);
        return;
      }
      // First key in this field: ask (once at a time) whether checking runs here, then count the key.
      statusAsked ??= model.refreshStatus().finally(() => {
        statusAsked = undefined;
      });
      void statusAsked.then(async () => {
        configureTyping(model.status.value, field);
        if (!check.checking) return;
        await ensureUi();
        check.onInput(field);
        docs.explain(field);
      });
    };
    // The beforeinput and input of a key (paste, drop) at its target reuse the field found for the key
    // itself, looked up afresh for each key (the edit itself is checked again in onPersonEdit).
    let found: { target: EventTarget | null; field: HTMLElement | null; typing: EligibleField | null } | undefined;
    const fieldOfEvent = (type: PersonInputEventType, target: EventTarget | null) => {
      if ((type === 'beforeinput' || type === 'input') && found?.target === target) return found.field;
      const typing = typingField(target);
      found = { target, field: (typing ?? pendingCodeEditor(target))?.element ?? null, typing };
      return found.field;
    };
    const seePerson = watchPersonInput(ctx, fieldOfEvent, onPersonEdit);
    // Google Docs: what the person types goes to its input frame, and counts as typed in the editor.
    const docs = new DocsInput(ctx, {
      see: seePerson,
      key: onKey,
      checking: () => check.checking,
      tell: (text) => check.notice.say(text),
    });

    /**
     * The button on a focused field, only where the page did not ask writing assistants to leave it
     * alone; a code editor only where the person chose to have them checked (known once the status is).
     */
    const offerOnFocus = (target: EventTarget | null) => {
      const field = offeredField(target, choices());
      if (field) {
        // The person may have moved on while the status was asked for.
        void offer(field, () => !holdsFocus(field) && model.hideButton());
        return;
      }
      const code = eligibleField(target);
      if (!code || !inCodeEditor(code.element)) return;
      void model.refreshStatus().then(() => {
        const chosen = offeredField(target, choices());
        if (chosen && holdsFocus(chosen)) void offer(chosen, () => !holdsFocus(chosen) && model.hideButton());
      });
    };
    ctx.addEventListener(
      document,
      'focusin',
      (event) => {
        verdicts.forget();
        if (isOwnUi(event.target)) return;
        offerOnFocus(event.composedPath()[0] ?? event.target);
      },
      { capture: true },
    );
    ctx.addEventListener(
      document,
      'focusout',
      (event) => {
        if (isOwnUi(event.relatedTarget)) return;
        const field = model.field.value;
        if (!field) return;
        const fromField = event.target === field.element || field.element.contains(event.target as Node);
        // Focus leaving the button (by Tab) for anything but its field takes the button away too.
        const fromButton = isOwnUi(event.target) && event.relatedTarget !== field.element;
        if (fromField || fromButton) model.hideButton();
      },
      { capture: true },
    );

    // The button lives at the end of the page, out of the page's Tab order: Tab from its field reaches it
    // next. Pages that use Tab themselves (an editor indenting, an autocomplete accepting) prevent the
    // default first, so this listens last, on the window, and leaves their Tab alone.
    ctx.addEventListener(window, 'keydown', (event) => {
      if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.defaultPrevented || !event.isTrusted || model.panelOpen.value || !model.buttonVisible.value) return;
      const field = model.field.value;
      const button = ui?.shadow.querySelector<HTMLElement>('.vw-button');
      if (!field || !button || !holdsFocus(field)) return;
      event.preventDefault();
      button.focus({ preventScroll: true });
    });

    // Shortcut and context menu: the background asks every frame (or the clicked one); the frame that
    // holds focus in an eligible field acts. The person asked, so this also works in fields the page
    // asked to be left alone (spellcheck="false"...), never in passwords, cards or one-time codes.
    const stopTrigger = handle('writing.trigger', async ({ action }) => {
      if (!document.hasFocus()) return false;
      const field = eligibleField(deepActiveElement(document));
      if (!field) return false;
      return offer(field, () => void model.open(action));
    });
    ctx.onInvalidated(stopTrigger);
    return {
      // The person's click or key in a field brought Verso's features (lib/bootstrap): offer help there now.
      boot(reasons) {
        if (reasons.includes('field')) offerOnFocus(deepActiveElement(document));
        if (reasons.includes('field')) docs.listen();
      },
    };
  },
};

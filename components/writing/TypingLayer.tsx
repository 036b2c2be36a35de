import { type ReadonlySignal, useComputed } from '@preact/signals';
import type { CheckModel } from '../../lib/features/writing/check-model.ts';
import type { ViewBox } from '../../lib/features/writing/field-geometry.ts';
import { BUTTON_SIZE } from '../../lib/features/writing/placement.ts';
import type { TypeTranslateModel } from '../../lib/features/writing/type-translate-model.ts';
import type { Mark, UnderlineLayer } from '../../lib/features/writing/underlines.ts';
import { displayLanguageName, formatNumber, t } from '../../lib/ui/i18n.ts';
import { SuggestionCard } from './SuggestionCard.tsx';
import { SuggestionList } from './SuggestionList.tsx';

/** The thickness of an underline, drawn at the bottom of the line box, below the letters. */
const LINE = 2;
const INSET = 4;

interface Props {
  check: CheckModel;
  layer: UnderlineLayer;
  translate: TypeTranslateModel;
  /** The focused field's box (the round button's), where "translate what I type" reports. */
  anchor: ReadonlySignal<DOMRect | null>;
}

/** A language code as the person reads it ("German"), or the code itself. */
function languageName(code: string): string {
  return displayLanguageName(code, code);
}

/** One field's underlines, in a layer clipped to its text area that lets every pointer event through. */
function Marks({ clip, marks }: { clip: ViewBox; marks: readonly Mark[] }) {
  return (
    <div
      class="vw-marks"
      aria-hidden="true"
      style={{ left: `${clip.left}px`, top: `${clip.top}px`, width: `${clip.width}px`, height: `${clip.height}px` }}
    >
      {marks.flatMap((mark) =>
        mark.boxes.map((b, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a mark's boxes are its line boxes in order; they are measured again, never reordered.
            key={`${mark.key}#${i}`}
            class={`vw-mark vw-mark-${mark.kind}`}
            data-kind={mark.kind}
            style={{
              left: `${b.left - clip.left}px`,
              top: `${b.top - clip.top + b.height - LINE}px`,
              width: `${Math.max(b.width, 3)}px`,
            }}
          />
        )),
      )}
    </div>
  );
}

/** The layer's signals a part reads: each part reads its own, so a change redraws only the part it shows in. */
interface Parts {
  check: CheckModel;
  layer: UnderlineLayer;
}

/** The corner of the field where the counter sits (and the notice below it), in the viewport. */
function cornerOf(box: ViewBox | null, view: { width: number; height: number }) {
  return (
    box && {
      right: Math.max(0, view.width - (box.left + box.width) + INSET + BUTTON_SIZE + INSET),
      top: Math.min(view.height - 24, Math.max(0, box.top + box.height - 22 - INSET)),
    }
  );
}

const backTo = (check: CheckModel) => () => check.field.value?.element.focus({ preventScroll: true });

/** The current field's underlines, drawn again when the layer measured them anew. */
function FieldMarks({ layer }: { layer: UnderlineLayer }) {
  const clip = layer.clip.value;
  const marks = layer.marks.value;
  return clip && marks.length > 0 ? <Marks clip={clip} marks={marks} /> : null;
}

function OthersMarks({ layer }: { layer: UnderlineLayer }) {
  return (
    <>
      {layer.otherMarks.value.map((other) => (
        <Marks key={other.id} clip={other.clip} marks={other.marks} />
      ))}
    </>
  );
}

function Counter({ check, layer }: Parts) {
  // The counter follows the field without a render of its own (typing scrolls it at each new line).
  const style = useComputed(() => {
    const corner = cornerOf(layer.fieldBox.value, layer.viewport.value);
    return corner ? `right: ${corner.right}px; top: ${corner.top}px` : null;
  });
  const placed = useComputed(() => style.value !== null).value;
  const count = layer.count.value;
  if (!placed || count <= 0) return null;
  return (
    <button
      type="button"
      class="vw-counter"
      style={style as ReadonlySignal<string>}
      aria-label={t('writingCounter', 'Writing suggestions: $1', formatNumber(count))}
      aria-expanded={check.listOpen.value}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => check.toggleList()}
    >
      {formatNumber(count)}
    </button>
  );
}

function ActiveCard({ check, layer }: Parts) {
  const active = check.active.value;
  const suggestion = check.activeSuggestion.value;
  const activeBox = layer.activeBox.value;
  if (!active || !suggestion || !activeBox) return null;
  return (
    <SuggestionCard
      check={check}
      suggestion={suggestion}
      box={activeBox}
      via={active.via}
      focusOnOpen={!!active.focus}
      backToField={backTo(check)}
    />
  );
}

function List({ check, layer }: Parts) {
  const box = layer.fieldBox.value;
  return box && check.listOpen.value ? <SuggestionList check={check} field={box} backToField={backTo(check)} /> : null;
}

/** What "translate what I type" reports, next to the field's button. */
function TranslateReport({
  translate,
  anchor,
  layer,
}: {
  translate: TypeTranslateModel;
  anchor: ReadonlySignal<DOMRect | null>;
  layer: UnderlineLayer;
}) {
  const busy = translate.busy.value;
  const translateError = translate.error.value;
  const at = busy || translateError ? anchor.value : null;
  if (!at) return null;
  const view = layer.viewport.value;
  const right = Math.max(0, view.width - (at.left + at.width) + INSET + BUTTON_SIZE + INSET);
  const top = Math.min(view.height - 60, Math.max(0, at.top + at.height + INSET));
  return (
    <>
      {busy && (
        <div class="vw-notice vw-busy" role="status" style={{ right: `${right}px`, top: `${top}px` }}>
          {t('writingTranslating', 'Translating into $1…', languageName(busy.targetLang))}
        </div>
      )}
      {translateError && (
        <div class="vw-notice" role="alert" style={{ right: `${right}px`, top: `${top}px` }}>
          <span>{translateError}</span>
          <CloseButton onClose={() => translate.dismissError()} />
        </div>
      )}
    </>
  );
}

/** Closes a notice; pressing it leaves the focus in the field. */
function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button
      type="button"
      class="vw-close"
      aria-label={t('writingClose', 'Close')}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClose}
    >
      ×
    </button>
  );
}

function Notice({ check, layer }: Parts) {
  const notice = check.notice.text.value;
  const view = layer.viewport.value;
  const corner = cornerOf(layer.fieldBox.value, view);
  if (!corner || !notice) return null;
  return (
    <div
      class="vw-notice"
      role="status"
      style={{ right: `${corner.right}px`, top: `${Math.min(view.height - 60, corner.top + 26)}px` }}
    >
      <span>{notice}</span>
      <CloseButton onClose={() => check.notice.dismiss()} />
    </div>
  );
}

/**
 * What checking as you type shows on the page: underlines under the words (in a layer clipped to the
 * field's text area that lets every pointer event through, so it never covers the text for the person),
 * also under the words of the fields typed in before, the counter on the field's corner, and a message
 * when checking stopped. Each part reads its own signals, so a change redraws only the part it shows in
 * (the page's main thread pays for each part drawn). The counter, the underlines and the window's size
 * come from the layer's draws (which read the page when its layout is done), so an answer redraws the
 * counter and the underlines together, once.
 */
export function TypingLayer({ check, layer, translate, anchor }: Props) {
  return (
    <>
      <OthersMarks layer={layer} />
      <FieldMarks layer={layer} />
      <Counter check={check} layer={layer} />
      <ActiveCard check={check} layer={layer} />
      <List check={check} layer={layer} />
      <TranslateReport translate={translate} anchor={anchor} layer={layer} />
      <Notice check={check} layer={layer} />
    </>
  );
}

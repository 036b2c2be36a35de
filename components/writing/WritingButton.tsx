import { type ReadonlySignal, useComputed } from '@preact/signals';
import { BUTTON_SIZE, buttonPlace, isInView } from '../../lib/features/writing/placement.ts';
import { t } from '../../lib/ui/i18n.ts';

interface Props {
  /** The field's box; the button follows it without a render of its own (typing scrolls it at each line). */
  anchor: ReadonlySignal<DOMRect | null>;
  expanded: boolean;
  onActivate(): void;
  /** Tab or Shift+Tab pressed on the button: focus goes back to its field (see WritingRoot). */
  onTab(event: KeyboardEvent): void;
}

/** The small round control at the field's bottom-right corner. It never takes focus from the field on click. */
export function WritingButton({ anchor, expanded, onActivate, onTab }: Props) {
  const style = useComputed(() => {
    const box = anchor.value;
    const view = { width: window.innerWidth, height: window.innerHeight };
    // A field scrolled out of sight (or hidden) takes its button with it.
    if (!box || !isInView(box, view)) return null;
    const place = buttonPlace(box, view);
    return `left: ${place.left}px; top: ${place.top}px; width: ${BUTTON_SIZE}px; height: ${BUTTON_SIZE}px`;
  });
  const shown = useComputed(() => style.value !== null);
  if (!shown.value) return null;
  const label = t('writingButton', 'Writing help: correct or improve this text');
  return (
    <button
      type="button"
      class="vw-button"
      style={style as ReadonlySignal<string>}
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onActivate}
      onKeyDown={(e) => {
        if (e.key === 'Tab' && !e.altKey && !e.ctrlKey && !e.metaKey) onTab(e);
      }}
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.6">
        <path d="M2.5 13.5l1-3.5 7.5-7.5 2.5 2.5-7.5 7.5z" stroke-linejoin="round" />
        <path d="M9.5 4l2.5 2.5" />
      </svg>
    </button>
  );
}

import { BUTTON_SIZE, buttonPlace, isInView } from '../../lib/features/writing/placement.ts';
import { t } from '../../lib/ui/i18n.ts';

interface Props {
  anchor: DOMRect;
  expanded: boolean;
  onActivate(): void;
  /** Tab or Shift+Tab pressed on the button: focus goes back to its field (see WritingRoot). */
  onTab(event: KeyboardEvent): void;
}

/** The small round control at the field's bottom-right corner. It never takes focus from the field on click. */
export function WritingButton({ anchor, expanded, onActivate, onTab }: Props) {
  const view = { width: window.innerWidth, height: window.innerHeight };
  // A field scrolled out of sight (or hidden) takes its button with it.
  if (!isInView(anchor, view)) return null;
  const place = buttonPlace(anchor, view);
  const label = t('writingButton', 'Writing help: correct or improve this text');
  return (
    <button
      type="button"
      class="vw-button"
      style={{ left: `${place.left}px`, top: `${place.top}px`, width: `${BUTTON_SIZE}px`, height: `${BUTTON_SIZE}px` }}
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

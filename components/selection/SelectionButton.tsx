import { t } from '../../lib/ui/i18n.ts';
import { onlyTrusted } from '../../lib/ui/trusted.ts';

export interface SelectionButtonProps {
  left: number;
  top: number;
  /** The shortcut that does the same, as the browser assigned it; empty when none. */
  shortcut: string;
  onTranslate(): void;
}

/**
 * The small button next to a settled selection. Pressing it keeps the selection (no focus, no default on
 * pointer down) and opens the same bubble as the menu and the shortcut.
 */
export function SelectionButton({ left, top, shortcut, onTranslate }: SelectionButtonProps) {
  const label = shortcut
    ? t('selButtonLabelKey', 'Translate the selection ($1)', shortcut)
    : t('selButtonLabel', 'Translate the selection');
  return (
    <button
      type="button"
      class="selection-button"
      style={{ left: `${left}px`, top: `${top}px` }}
      aria-label={label}
      title={label}
      tabIndex={-1}
      onPointerDown={(e) => e.preventDefault()}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onlyTrusted(() => onTranslate())}
    >
      {t('selButton', 'Translate')}
    </button>
  );
}

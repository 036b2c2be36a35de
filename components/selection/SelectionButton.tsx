import { t } from '../../lib/ui/i18n.ts';
import { VisibleButton } from '../ui/VisibleButton.tsx';

export interface SelectionButtonProps {
  left: number;
  top: number;
  /** The shortcut that does the same, as the browser assigned it; empty when none. */
  shortcut: string;
  onTranslate(): void;
}

/**
 * The small button next to a settled selection. Pressing it keeps the selection (no focus, no default on
 * pointer down) and opens the same bubble as the menu and the shortcut; only a person's click where they
 * could see it counts (VisibleButton), and a refused one says so below the button.
 */
export function SelectionButton({ left, top, shortcut, onTranslate }: SelectionButtonProps) {
  const label = shortcut
    ? t('selButtonLabelKey', 'Translate the selection ($1)', shortcut)
    : t('selButtonLabel', 'Translate the selection');
  return (
    <div class="selection-button-place" style={{ left: `${left}px`, top: `${top}px` }}>
      <VisibleButton
        class="selection-button"
        aria-label={label}
        title={label}
        tabIndex={-1}
        onPointerDown={(e) => e.preventDefault()}
        onMouseDown={(e) => e.preventDefault()}
        onAct={() => onTranslate()}
      >
        {t('selButton', 'Translate')}
      </VisibleButton>
    </div>
  );
}

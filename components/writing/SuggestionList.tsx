import { useLayoutEffect, useRef } from 'preact/hooks';
import type { CheckModel } from '../../lib/features/writing/check-model.ts';
import type { ViewBox } from '../../lib/features/writing/field-geometry.ts';
import { t } from '../../lib/ui/i18n.ts';
import { countText } from '../../lib/ui/plural.ts';
import { onlyTrusted } from '../../lib/ui/trusted.ts';
import { changeLabel, kindLabel } from './suggestion-labels.ts';

const WIDTH = 340;
const MARGIN = 8;

/** The counter's panel: every suggestion of the field with Apply and Ignore, and Apply all. */
export function SuggestionList({
  check,
  field,
  backToField,
}: {
  check: CheckModel;
  field: ViewBox;
  backToField(): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const list = check.suggestions.value;
  const view = { width: window.innerWidth, height: window.innerHeight };
  const width = Math.min(WIDTH, view.width - 2 * MARGIN);
  const left = Math.min(Math.max(MARGIN, field.left + field.width - width), view.width - width - MARGIN);
  const roomBelow = view.height - (field.top + field.height) - MARGIN;
  const place =
    roomBelow >= 200 || roomBelow >= field.top
      ? { top: `${field.top + field.height + 4}px`, maxHeight: `${Math.max(120, roomBelow)}px` }
      : { bottom: `${view.height - field.top + 4}px`, maxHeight: `${Math.max(120, field.top - MARGIN)}px` };

  useLayoutEffect(() => {
    ref.current?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
  }, []);

  const close = () => {
    check.toggleList();
    backToField();
  };
  return (
    <div
      ref={ref}
      class="vw-panel vw-list"
      role="dialog"
      aria-label={t('writingListLabel', 'Writing suggestions')}
      style={{ left: `${left}px`, width: `${width}px`, ...place }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          close();
        }
      }}
    >
      <div class="vw-head">
        <h2>{countText('writingListTitle', 'one=$1 suggestion|other=$1 suggestions', list.length)}</h2>
        <button type="button" class="vw-close" aria-label={t('writingClose', 'Close')} onClick={close}>
          ×
        </button>
      </div>
      {list.length > 0 && (
        <div class="vw-row">
          <button
            type="button"
            class="vw-primary"
            onClick={onlyTrusted(() => {
              check.applyAll();
              backToField();
            })}
          >
            {t('writingListApplyAll', 'Apply all')}
          </button>
        </div>
      )}
      <ul class="vw-items">
        {list.map((s) => (
          <li key={s.key}>
            <span class={`vw-card-kind vw-kind-${s.kind}`}>{kindLabel(s.kind)}</span>{' '}
            <span class="vw-item-change">{changeLabel(s)}</span>
            <span class="vw-item-actions">
              <button
                type="button"
                aria-label={t('writingListApply', 'Apply $1', changeLabel(s))}
                onClick={onlyTrusted(() => check.apply(s.key))}
              >
                {t('writingCardApply', 'Apply')}
              </button>
              <button
                type="button"
                aria-label={t('writingListIgnore', 'Ignore $1', changeLabel(s))}
                onClick={onlyTrusted(() => check.ignore(s.key))}
              >
                {t('writingCardIgnore', 'Ignore')}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

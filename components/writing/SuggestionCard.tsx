import { useLayoutEffect, useRef } from 'preact/hooks';
import type { CheckModel } from '../../lib/features/writing/check-model.ts';
import type { Suggestion } from '../../lib/features/writing/check-suggestions.ts';
import type { ViewBox } from '../../lib/features/writing/field-geometry.ts';
import { keyLabel } from '../../lib/features/writing/next-key.ts';
import { t } from '../../lib/ui/i18n.ts';
import { onlyTrusted } from '../../lib/ui/trusted.ts';
import { changeLabel, kindLabel, shown } from './suggestion-labels.ts';

const CARD_WIDTH = 300;
const GAP = 4;
const MARGIN = 8;

interface Props {
  check: CheckModel;
  suggestion: Suggestion;
  /** Where the suggestion's words are drawn (first line). */
  box: ViewBox;
  via: 'pointer' | 'keyboard';
  /** Tab from the field moved the keyboard here: focus the first button. */
  focusOnOpen: boolean;
  /** Gives the keyboard back to the field (Escape in the card, or after a button). */
  backToField(): void;
}

/**
 * The card of one suggestion, below its words: the replacement, Apply, Ignore, "Ignore everywhere" for
 * spelling, and "Rephrase sentence". Pointer presses keep the caret in the field; keyboard users reach
 * the card with Tab after the next-suggestion key (F8 unless chosen otherwise), or act from the field: Enter applies, Escape closes.
 */
export function SuggestionCard({ check, suggestion: s, box, via, focusOnOpen, backToField }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const view = { width: window.innerWidth, height: window.innerHeight };
  const width = Math.min(CARD_WIDTH, view.width - 2 * MARGIN);
  const left = Math.min(Math.max(MARGIN, box.left), view.width - width - MARGIN);
  const below = box.top + box.height + GAP;
  const place = below + 140 <= view.height ? { top: `${below}px` } : { bottom: `${view.height - box.top + GAP}px` };

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves again when the card shows another suggestion (`s.key`).
  useLayoutEffect(() => {
    if (focusOnOpen) ref.current?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
  }, [focusOnOpen, s.key]);

  const act = (run: () => void) =>
    onlyTrusted(() => {
      run();
      backToField();
    });
  const keep = (e: MouseEvent) => e.preventDefault();
  const label = changeLabel(s);

  return (
    <div
      ref={ref}
      class="vw-card"
      role="dialog"
      aria-label={t('writingCardLabel', 'Suggestion: $1', label)}
      style={{ left: `${left}px`, width: `${width}px`, ...place }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          check.closeCard();
          backToField();
        }
      }}
    >
      <p class={`vw-card-kind vw-kind-${s.kind}`}>{kindLabel(s.kind)}</p>
      <p class="vw-card-change">
        {s.original && <del>{shown(s.original)}</del>}
        {s.original && s.replacement && ' → '}
        {s.replacement && <ins>{shown(s.replacement)}</ins>}
      </p>
      <div class="vw-row">
        <button type="button" class="vw-primary" onMouseDown={keep} onClick={act(() => check.apply(s.key))}>
          {t('writingCardApply', 'Apply')}
        </button>
        <button type="button" onMouseDown={keep} onClick={act(() => check.ignore(s.key))}>
          {t('writingCardIgnore', 'Ignore')}
        </button>
        {s.kind === 'spelling' && (
          <button type="button" onMouseDown={keep} onClick={act(() => void check.ignoreEverywhere(s.key))}>
            {t('writingCardIgnoreEverywhere', 'Ignore everywhere')}
          </button>
        )}
        <button type="button" onMouseDown={keep} onClick={onlyTrusted(() => check.rephrase(s.key))}>
          {t('writingCardRephrase', 'Rephrase sentence')}
        </button>
      </div>
      {via === 'keyboard' && (
        <p class="vw-hint">
          {t(
            'writingCardKeysNext',
            'Enter applies, Esc closes, $1 goes to the next suggestion.',
            keyLabel(check.nextKey.value),
          )}
        </p>
      )}
    </div>
  );
}

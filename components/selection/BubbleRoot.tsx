import { useEffect, useRef } from 'preact/hooks';
import type { SelectionModel } from '../../lib/features/selection/model.ts';
import { Bubble } from './Bubble.tsx';

/** Connects the bubble to the selection model; moves focus into it each time it opens. */
export function BubbleRoot({ model }: { model: SelectionModel }) {
  const dialog = useRef<HTMLDivElement>(null);
  const state = model.bubble.value;
  const isOpen = state !== null;
  useEffect(() => {
    if (isOpen) dialog.current?.focus({ preventScroll: true });
  }, [isOpen]);
  if (!state) return null;
  return (
    <Bubble
      state={state}
      languages={model.languages.value}
      placement={model.position.value}
      dialogRef={dialog}
      onClose={() => model.close()}
      onTarget={(code) => model.changeTarget(code)}
      onFormality={(value) => model.changeFormality(value)}
      onCopy={() => void model.copy(dialog.current ?? document.body)}
      onReplace={() => model.replace()}
      onSaveTerm={() => void model.saveTerm()}
      onOpenPopup={() => void model.openInPopup()}
      onRetry={() => void model.retry()}
      onProceed={() => model.proceed()}
    />
  );
}

import { useEffect, useRef } from 'preact/hooks';
import {
  bubble,
  changeFormality,
  changeTarget,
  close,
  copy,
  languages,
  openInPopup,
  position,
  replace,
  retry,
} from '../../lib/features/selection/model.ts';
import { Bubble } from './Bubble.tsx';

/** Connects the bubble to the selection model; moves focus into it each time it opens. */
export function BubbleRoot() {
  const dialog = useRef<HTMLDivElement>(null);
  const state = bubble.value;
  const isOpen = state !== null;
  useEffect(() => {
    if (isOpen) dialog.current?.focus({ preventScroll: true });
  }, [isOpen]);
  if (!state) return null;
  return (
    <Bubble
      state={state}
      languages={languages.value}
      placement={position.value}
      dialogRef={dialog}
      onClose={close}
      onTarget={(code) => void changeTarget(code)}
      onFormality={(value) => void changeFormality(value)}
      onCopy={() => void copy(dialog.current ?? document.body)}
      onReplace={replace}
      onOpenPopup={() => void openInPopup()}
      onRetry={() => void retry()}
    />
  );
}

import type { ButtonHTMLAttributes } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ClickGuard, refusalText } from '../../lib/ui/visible-click.ts';

export type VisibleButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'ref'> & {
  /** What the button does, once a person's click on it, where they could see it, is confirmed. */
  onAct(): void;
};

/**
 * A button of Verso's in-page UI that sends text or grants more: it acts only on a person's click
 * while it can be seen (lib/ui/visible-click.ts). A click the guard refuses sends nothing and the button
 * says so beside it; a page's synthetic click is ignored without a word.
 */
export function VisibleButton({ onAct, children, ...rest }: VisibleButtonProps) {
  const guard = useMemo(() => new ClickGuard(), []);
  useEffect(() => () => guard.dispose(), [guard]);
  // Refusals so far: each one is a new alert element, so it is announced again.
  const [refused, setRefused] = useState(0);
  const click = (event: MouseEvent) => {
    void guard.check(event).then((refusal) => {
      if (refusal === undefined) {
        setRefused(0);
        onAct();
      } else if (refusal !== 'untrusted') setRefused((n) => n + 1);
    });
  };
  return (
    <>
      <button type="button" {...rest} ref={guard.attach} onClick={click}>
        {children}
      </button>
      {refused > 0 && (
        <span key={refused} class="refused" role="alert">
          {refusalText()}
        </span>
      )}
    </>
  );
}

import type { ComponentChildren } from 'preact';

/** A message region: polite for progress and success, assertive for errors. */
export function Status({ kind, children }: { kind: 'ok' | 'error' | 'warn' | 'info'; children: ComponentChildren }) {
  return (
    <div class={`status ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

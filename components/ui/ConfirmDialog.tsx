import { signal } from '@preact/signals';
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../lib/ui/i18n.ts';

interface Request {
  title: string;
  message: string;
  confirmLabel: string;
  resolve: (ok: boolean) => void;
}

const current = signal<Request | undefined>(undefined);

/** Asks the person to confirm a destructive action; resolves false on Cancel or Escape. */
export function confirmAction(title: string, message: string, confirmLabel: string): Promise<boolean> {
  current.value?.resolve(false);
  return new Promise((resolve) => {
    current.value = { title, message, confirmLabel, resolve };
  });
}

function close(ok: boolean) {
  const request = current.value;
  current.value = undefined;
  request?.resolve(ok);
}

/**
 * The one confirmation dialog of the options page. A modal <dialog> traps focus, restores it on close
 * and closes on Escape by itself; focus starts on Cancel so Enter never destroys anything by accident.
 */
export function ConfirmHost() {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const request = current.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `request` is a signal's value, not a stable module constant; the dialog opens and closes with it.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!request && dialog.open) dialog.close();
  }, [request]);
  return (
    <dialog
      ref={ref}
      class="confirm-dialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-message"
      onCancel={(e) => {
        e.preventDefault();
        close(false);
      }}
    >
      {request && (
        <>
          <h2 id="confirm-title">{request.title}</h2>
          <p id="confirm-message">{request.message}</p>
          <div class="row">
            <button type="button" ref={cancelRef} onClick={() => close(false)}>
              {t('optCancel', 'Cancel')}
            </button>
            <button type="button" class="danger" onClick={() => close(true)}>
              {request.confirmLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { openSidePanel } from '../../lib/features/sidepanel/open.ts';
import { t } from '../../lib/ui/i18n.ts';

/**
 * The popup's way to the side panel (Firefox: the sidebar). The browser opens it only in answer to a
 * click, so the window is known before the click and the panel is asked for at once.
 */
export function OpenSidePanelButton() {
  const [windowId, setWindowId] = useState<number | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void browser.windows.getCurrent().then((w) => setWindowId(w.id));
  }, []);
  return (
    <div class="row">
      <button
        type="button"
        // The window is asked for before: once clicked, there is no time to wait for it.
        disabled={windowId === undefined}
        onClick={() =>
          void openSidePanel(windowId).then(
            (opened) => (opened ? window.close() : setFailed(true)),
            () => setFailed(true),
          )
        }
      >
        {t('panelOpen', 'Open side panel')}
      </button>
      {failed && (
        <span class="hint" role="status">
          {t('panelOpenFailed', 'This browser did not open the side panel.')}
        </span>
      )}
    </div>
  );
}

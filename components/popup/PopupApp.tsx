import { browser } from 'wxt/browser';
import { t } from '../../lib/ui/i18n.ts';

/** The toolbar popup. Features add their panels here. */
export function PopupApp() {
  return (
    <div class="popup">
      <header>
        <h1>Verso</h1>
        <a
          href="#settings"
          onClick={(e) => {
            e.preventDefault();
            void browser.runtime.openOptionsPage();
          }}
        >
          {t('openSettings', 'Settings')}
        </a>
      </header>
    </div>
  );
}

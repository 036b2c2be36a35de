import { browser } from 'wxt/browser';
import { t } from '../../lib/ui/i18n.ts';

/** The popup's title and the way to the options page. */
export function PopupHeader() {
  return (
    <header>
      <h1>Verso</h1>
      <a
        href={browser.runtime.getURL('/options.html')}
        onClick={(e) => {
          e.preventDefault();
          void browser.runtime.openOptionsPage();
        }}
      >
        {t('openSettings', 'Settings')}
      </a>
    </header>
  );
}

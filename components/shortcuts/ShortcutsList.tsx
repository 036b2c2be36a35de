import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../lib/ui/i18n.ts';

interface Command {
  name: string;
  description: string;
  shortcut: string;
}

/** The keyboard shortcuts as the browser has them now (the person may have changed them). */
export function ShortcutsList() {
  const [commands, setCommands] = useState<Command[]>([]);
  useEffect(() => {
    void browser.commands?.getAll().then((all) =>
      setCommands(
        all
          .filter((c) => c.name && c.name !== '_execute_action')
          .map((c) => ({
            name: c.name ?? '',
            description: c.description ?? c.name ?? '',
            shortcut: c.shortcut ?? '',
          })),
      ),
    );
  }, []);
  const firefox = import.meta.env.FIREFOX;
  return (
    <section aria-labelledby="shortcuts-title" class="card">
      <h3 id="shortcuts-title">{t('dfShortcuts', 'Keyboard shortcuts')}</h3>
      <table>
        <caption class="visually-hidden">{t('dfShortcuts', 'Keyboard shortcuts')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dfAction', 'Action')}</th>
            <th scope="col">{t('dfShortcut', 'Shortcut')}</th>
          </tr>
        </thead>
        <tbody>
          {commands.map((c) => (
            <tr key={c.name}>
              <td>{c.description}</td>
              <td>{c.shortcut ? <kbd>{c.shortcut}</kbd> : t('dfNoShortcut', 'Not set')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="hint">
        {firefox
          ? t(
              'dfShortcutsFirefox',
              'To change them, open about:addons, click the gear menu and choose Manage Extension Shortcuts.',
            )
          : t(
              'dfShortcutsChrome',
              'To change them, open chrome://extensions/shortcuts (browsers do not let extensions change shortcuts themselves).',
            )}
      </p>
      {!firefox && (
        <button type="button" onClick={() => void browser.tabs.create({ url: 'chrome://extensions/shortcuts' })}>
          {t('dfOpenShortcuts', 'Open the shortcuts page')}
        </button>
      )}
    </section>
  );
}

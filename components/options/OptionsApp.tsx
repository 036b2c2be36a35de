import { signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { t } from '../../lib/ui/i18n.ts';
import { followTheme } from '../../lib/ui/theme.ts';
import { ConfirmHost } from '../ui/ConfirmDialog.tsx';
import './options.css';
import { sections } from './sections.ts';

const current = signal(sections[0]!.id);

function fromHash() {
  const id = location.hash.replace(/^#/, '');
  if (sections.some((s) => s.id === id)) current.value = id;
}

/** The options page: a menu of sections; the URL hash names the open one (`options.html#glossaries`). */
export function OptionsApp() {
  useEffect(() => followTheme(), []);
  useEffect(() => {
    fromHash();
    addEventListener('hashchange', fromHash);
    return () => removeEventListener('hashchange', fromHash);
  }, []);
  const section = sections.find((s) => s.id === current.value) ?? sections[0]!;
  const Section = section.component;
  return (
    <div class="options-layout">
      <header class="options-header">
        <h1>{t('optionsTitle', 'Verso settings')}</h1>
      </header>
      <nav aria-label={t('optionsNav', 'Settings sections')} class="options-nav">
        <ul>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} aria-current={s.id === section.id ? 'page' : undefined}>
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main class="options-main">
        <Section />
      </main>
      <ConfirmHost />
    </div>
  );
}

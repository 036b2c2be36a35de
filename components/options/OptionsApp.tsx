import { useEffect, useState } from 'preact/hooks';
import { t } from '../../lib/ui/i18n.ts';
import { followTheme } from '../../lib/ui/theme.ts';
import { ConfirmHost } from '../ui/ConfirmDialog.tsx';
import { useModel } from '../ui/use-model.ts';
import { createOptionsModels } from './models.ts';
import './options.css';
import { sections } from './sections.tsx';

/** The section the URL hash names, when there is one of that name. */
function fromHash(): string | undefined {
  const id = location.hash.replace(/^#/, '');
  return sections.some((s) => s.id === id) ? id : undefined;
}

/** The options page: a menu of sections; the URL hash names the open one (`options.html#glossaries`). */
export function OptionsApp() {
  const models = useModel(createOptionsModels);
  const [current, setCurrent] = useState(() => fromHash() ?? sections[0]!.id);
  useEffect(() => followTheme(), []);
  useEffect(() => {
    const follow = () => {
      const id = fromHash();
      if (id) setCurrent(id);
    };
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const section = sections.find((s) => s.id === current) ?? sections[0]!;
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
      <main class="options-main">{section.view(models)}</main>
      <ConfirmHost />
    </div>
  );
}

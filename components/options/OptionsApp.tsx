import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/ui/i18n.ts';
import { followTheme } from '../../lib/ui/theme.ts';
import { ConfirmHost } from '../ui/ConfirmDialog.tsx';
import { useModel } from '../ui/use-model.ts';
import { createOptionsModels } from './models.ts';
import './options.css';
import { sections } from './sections.tsx';

/** The section the URL hash names; the first one when the hash is empty (Back to `options.html`). */
function fromHash(): string | undefined {
  const id = location.hash.replace(/^#/, '');
  if (id === '') return sections[0]!.id;
  return sections.some((s) => s.id === id) ? id : undefined;
}

/**
 * Moves focus to the open section's heading (made focusable with tabindex=-1, out of the Tab order), so
 * that choosing a section from the menu takes the keyboard and a screen reader there, not only the view.
 */
function focusHeading(main: HTMLElement | null): void {
  const heading = main?.querySelector<HTMLElement>('h2');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
}

/**
 * The options page: a menu of sections; the URL hash names the open one (`options.html#glossaries`).
 * A menu item (click, Enter or Space) opens its section and moves focus to its heading; each choice is a
 * history entry, so Back returns to the previous section.
 */
export function OptionsApp() {
  const models = useModel(createOptionsModels);
  const [current, setCurrent] = useState(() => fromHash() ?? sections[0]!.id);
  const main = useRef<HTMLElement>(null);
  // Set when the hash changes (a menu item, Back, Forward): the next render moves focus to the heading.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => followTheme(), []);
  useEffect(() => {
    const follow = () => {
      const id = fromHash();
      if (!id) return;
      setCurrent(id);
      setFocusRequest((n) => n + 1);
    };
    addEventListener('hashchange', follow);
    // The hash may have changed between the first render and this listener.
    const id = fromHash();
    if (id) setCurrent(id);
    return () => removeEventListener('hashchange', follow);
  }, []);
  useEffect(() => {
    if (focusRequest > 0) focusHeading(main.current);
  }, [focusRequest]);
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
              <a
                href={`#${s.id}`}
                aria-current={s.id === section.id ? 'page' : undefined}
                onClick={(e) => {
                  // The open section's own item changes no hash: focus its heading here.
                  if (s.id === section.id && location.hash === `#${s.id}`) {
                    e.preventDefault();
                    focusHeading(main.current);
                  }
                }}
                onKeyDown={(e) => {
                  // Space opens a menu item as Enter does (a link alone would scroll the page).
                  if (e.key === ' ' && !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
                    e.preventDefault();
                    e.currentTarget.click();
                  }
                }}
              >
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main class="options-main" ref={main}>
        {section.view(models)}
      </main>
      <ConfirmHost />
    </div>
  );
}

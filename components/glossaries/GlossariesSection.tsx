import { useEffect } from 'preact/hooks';
import type { GlossariesModel } from '../../lib/features/glossaries/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { DictionaryEditor } from './DictionaryEditor.tsx';
import { GlossaryCreate } from './GlossaryCreate.tsx';
import { GlossaryDefaults } from './GlossaryDefaults.tsx';
import { GlossaryDetail } from './GlossaryDetail.tsx';
import { GlossaryList } from './GlossaryList.tsx';
import { GlossaryStatus } from './GlossaryStatus.tsx';

/** Glossaries: the list (from the cache at once, then the service), one glossary, or one dictionary. */
export function GlossariesSection({ model }: { model: GlossariesModel }) {
  useEffect(() => {
    void model.open();
  }, [model]);
  // Back to this page, or back online: a service that could not be reached is asked again.
  useEffect(() => {
    const retry = () => {
      if (document.visibilityState === 'visible') model.retryIfUnreachable();
    };
    document.addEventListener('visibilitychange', retry);
    window.addEventListener('online', retry);
    return () => {
      document.removeEventListener('visibilitychange', retry);
      window.removeEventListener('online', retry);
    };
  }, [model]);
  const glossary = model.selected.value;
  const creating = model.creating.value;
  return (
    <section aria-labelledby="glossaries-title">
      <div class="row section-head">
        <h2 id="glossaries-title">{t('glTitle', 'Glossaries')}</h2>
        <button type="button" disabled={model.refreshing.value} onClick={() => void model.refresh()}>
          {t('glRefresh', 'Refresh')}
        </button>
      </div>
      <GlossaryStatus model={model} />
      {model.editor.target.value ? (
        <DictionaryEditor model={model.editor} listReadOnly={model.readOnly.value} />
      ) : glossary ? (
        <GlossaryDetail model={model} glossary={glossary} />
      ) : (
        <>
          {creating ? (
            <GlossaryCreate model={model} form={creating} />
          ) : (
            <button
              type="button"
              class="primary"
              id="glossary-new"
              disabled={model.readOnly.value}
              onClick={() => model.startCreating()}
            >
              {t('glNew', 'New glossary')}
            </button>
          )}
          <GlossaryList model={model} />
          <GlossaryDefaults model={model} />
        </>
      )}
    </section>
  );
}

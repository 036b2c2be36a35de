import { useEffect, useState } from 'preact/hooks';
import { target } from '../../lib/features/glossaries/editor-model.ts';
import {
  openGlossaries,
  readOnly,
  refreshGlossaries,
  refreshing,
  selected,
} from '../../lib/features/glossaries/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { DictionaryEditor } from './DictionaryEditor.tsx';
import { GlossaryCreate } from './GlossaryCreate.tsx';
import { GlossaryDefaults } from './GlossaryDefaults.tsx';
import { GlossaryDetail } from './GlossaryDetail.tsx';
import { GlossaryList } from './GlossaryList.tsx';
import { GlossaryStatus } from './GlossaryStatus.tsx';

/** Glossaries: the list (from the cache at once, then the service), one glossary, or one dictionary. */
export function GlossariesSection() {
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    void openGlossaries();
  }, []);
  const glossary = selected.value;
  return (
    <section aria-labelledby="glossaries-title">
      <div class="row section-head">
        <h2 id="glossaries-title">{t('glTitle', 'Glossaries')}</h2>
        <button type="button" disabled={refreshing.value} onClick={() => void refreshGlossaries()}>
          {t('glRefresh', 'Refresh')}
        </button>
      </div>
      <GlossaryStatus />
      {target.value ? (
        <DictionaryEditor />
      ) : glossary ? (
        <GlossaryDetail glossary={glossary} />
      ) : (
        <>
          {creating ? (
            <GlossaryCreate onClose={() => setCreating(false)} />
          ) : (
            <button type="button" class="primary" disabled={readOnly.value} onClick={() => setCreating(true)}>
              {t('glNew', 'New glossary')}
            </button>
          )}
          <GlossaryList />
          <GlossaryDefaults />
        </>
      )}
    </section>
  );
}

import { pairChoices } from '../../lib/features/glossaries/defaults.ts';
import type { GlossariesModel } from '../../lib/features/glossaries/model.ts';
import { t } from '../../lib/ui/i18n.ts';
import { pairLabel } from './format.ts';

/** Per language pair, the glossary translations use unless told otherwise. */
export function GlossaryDefaults({ model }: { model: GlossariesModel }) {
  const choices = pairChoices(model.glossaries.value);
  if (choices.length === 0) return null;
  return (
    <section aria-labelledby="gl-defaults-title" class="card">
      <h3 id="gl-defaults-title">{t('glDefaultsTitle', 'Default glossary per language pair')}</h3>
      <p class="hint">
        {t(
          'glDefaultsHint',
          'Used for every translation of that pair, all variants included (EN covers EN-GB and EN-US).',
        )}
      </p>
      <div class="defaults-grid">
        {choices.map((c) => {
          const id = `gl-default-${c.key.replace(/[^a-z0-9]/gi, '-')}`;
          const current = model.defaults.value[c.key] ?? '';
          return (
            <div class="field" key={c.key}>
              <label for={id}>{pairLabel(c)}</label>
              <select
                id={id}
                value={current}
                onChange={(e) => void model.setDefaultGlossary(c.key, e.currentTarget.value)}
              >
                <option value="">{t('glNoDefault', 'No glossary')}</option>
                {c.glossaries.map((g) => (
                  <option key={g.glossary_id} value={g.glossary_id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
    </section>
  );
}

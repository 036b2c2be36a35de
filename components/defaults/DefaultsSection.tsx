import { useEffect } from 'preact/hooks';
import type { DefaultsModel } from '../../lib/features/defaults/model.ts';
import type { ShortcutsModel } from '../../lib/features/shortcuts/model.ts';
import type { Formality, HoverModifier, ModelType, PageMode, PageReading } from '../../lib/settings/schema.ts';
import { t } from '../../lib/ui/i18n.ts';
import type { Theme } from '../../lib/ui/theme.ts';
import { ShortcutsList } from '../shortcuts/ShortcutsList.tsx';
import { Checkbox } from '../ui/Checkbox.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { Field } from '../ui/Field.tsx';
import { LanguagePicker } from '../ui/LanguagePicker.tsx';
import { formalityOptions, modelOptions } from '../ui/option-labels.ts';

/**
 * "Saved." for one field: a live region that is always there (so it is announced), shown as a note laid
 * over the window's corner (options.css), so the fields never move for it.
 */
function Saved({ model, field }: { model: DefaultsModel; field: string }) {
  return (
    <span class="saved" role="status">
      {model.savedField.value === field ? t('dfSaved', 'Saved.') : ''}
    </span>
  );
}

const hoverKeyOptions = (): Array<{ value: HoverModifier; label: string }> => [
  { value: 'Alt', label: t('dfHoverAlt', 'Alt (Option on a Mac)') },
  { value: 'Control', label: t('dfHoverControl', 'Ctrl') },
  { value: 'Shift', label: t('dfHoverShift', 'Shift') },
  { value: 'Meta', label: t('dfHoverMeta', 'Windows key (Command on a Mac)') },
  { value: 'off', label: t('dfHoverOff', 'None: do not translate paragraphs under the pointer') },
];

/** What Verso does unless told otherwise. Every change is saved at once. */
export function DefaultsSection({ model, shortcuts }: { model: DefaultsModel; shortcuts: ShortcutsModel }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const languages = model.languages.value;
  const loading = model.languagesLoading.value;
  const p = model.preferences.value;
  const target = model.target.value;
  const formalitySupported = model.formalitySupported.value;
  const setPreference = model.setPreference.bind(model);
  return (
    <section aria-labelledby="defaults-title">
      <h2 id="defaults-title">{t('dfTitle', 'Defaults')}</h2>
      <div class="defaults-grid">
        <div>
          <LanguagePicker
            label={t('dfTarget', 'Translate into')}
            usableAs="target"
            languages={languages}
            value={p.targetLang}
            hint={t('dfTargetHint', 'Variants such as English (British) are listed separately.')}
            onChange={(v) => void setPreference('targetLang', v)}
          />
          <Saved model={model} field="targetLang" />
        </div>
        <div>
          <LanguagePicker
            label={t('dfSource', 'Translate from')}
            usableAs="source"
            allowDetect
            languages={languages}
            value={p.sourceLang}
            onChange={(v) => void setPreference('sourceLang', v)}
          />
          <Saved model={model} field="sourceLang" />
        </div>
      </div>
      {formalitySupported ? (
        <div>
          <Field label={t('dfFormality', 'Formality')}>
            {({ id, describedBy }) => (
              <select
                id={id}
                aria-describedby={describedBy}
                value={p.formality}
                onChange={(e) => void setPreference('formality', e.currentTarget.value as Formality)}
              >
                {formalityOptions().map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Saved model={model} field="formality" />
        </div>
      ) : loading || languages.length === 0 ? null : (
        <p class="hint" id="formality-note">
          {t('dfNoFormality', '$1 has no formality options, so none is sent.', target?.name ?? p.targetLang)}
        </p>
      )}
      <div>
        <Field label={t('dfModel', 'Translation model')}>
          {({ id, describedBy }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              value={p.modelType}
              onChange={(e) => void setPreference('modelType', e.currentTarget.value as ModelType | '')}
            >
              {modelOptions().map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Saved model={model} field="modelType" />
      </div>
      <ChoiceGroup<PageMode>
        legend={t('dfPageMode', 'Page translation')}
        value={p.pageMode}
        options={[
          { value: 'replace', label: t('dfReplace', 'Replace the text') },
          { value: 'bilingual', label: t('dfBilingual', 'Show original and translation') },
        ]}
        onChange={(v) => void setPreference('pageMode', v)}
      />
      <Saved model={model} field="pageMode" />
      <ChoiceGroup<PageReading>
        legend={t('dfReading', 'Which parts of a page are translated')}
        value={p.pageReading}
        options={[
          { value: 'as-you-read', label: t('dfAsYouRead', 'What you read, as you scroll (billed for what you see)') },
          { value: 'whole-page', label: t('dfWholePage', 'The whole page at once (for printing and searching)') },
        ]}
        onChange={(v) => void setPreference('pageReading', v)}
      />
      <Saved model={model} field="pageReading" />
      <Checkbox
        id="df-screen-reader-labels"
        label={t('dfScreenReaderLabels', 'Translate labels for screen readers with the page')}
        hint={t(
          'dfScreenReaderLabelsHint',
          'Otherwise a label is translated when its element gets the focus; a screen reader reading the page does not focus what it reads. Billed even when nobody hears them.',
        )}
        checked={p.pageScreenReaderLabels}
        onChange={(on) => void setPreference('pageScreenReaderLabels', on)}
      >
        <Saved model={model} field="pageScreenReaderLabels" />
      </Checkbox>
      <Checkbox
        id="df-selection-button"
        label={t('dfSelectionButton', 'Show a translate button next to selected text')}
        hint={t('dfSelectionButtonHint', 'It appears once the selection settles; it can be switched off per site.')}
        checked={p.selectionButton}
        onChange={(on) => void setPreference('selectionButton', on)}
      >
        <Saved model={model} field="selectionButton" />
      </Checkbox>
      <Checkbox
        id="df-selection-fields"
        label={t('dfSelectionInFields', 'Also for text selected in text fields and editors (never in password fields)')}
        checked={p.selectionButtonInFields}
        onChange={(on) => void setPreference('selectionButtonInFields', on)}
      >
        <Saved model={model} field="selectionButtonInFields" />
      </Checkbox>
      <div>
        <Field label={t('dfHoverKey', 'Key that translates the paragraph under the pointer')}>
          {({ id, describedBy }) => (
            <select
              id={id}
              aria-describedby={describedBy}
              value={p.hoverModifier}
              onChange={(e) => void setPreference('hoverModifier', e.currentTarget.value as HoverModifier)}
            >
              {hoverKeyOptions().map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Saved model={model} field="hoverModifier" />
      </div>
      <Checkbox
        id="df-context"
        label={t('dfContext', 'Send surrounding text as context')}
        hint={t('dfContextHint', 'Improves translations of short texts. Context is not billed.')}
        checked={p.sendContext}
        onChange={(on) => void setPreference('sendContext', on)}
      >
        <Saved model={model} field="sendContext" />
      </Checkbox>
      <Checkbox
        id="df-tags"
        label={t('dfTags', 'Tag requests with the Verso feature')}
        hint={t('dfTagsHint', 'Lets the account’s usage reports show which Verso feature used how many characters.')}
        checked={p.reportingTags}
        onChange={(on) => void setPreference('reportingTags', on)}
      >
        <Saved model={model} field="reportingTags" />
      </Checkbox>
      <ChoiceGroup<Theme>
        legend={t('dfTheme', 'Theme')}
        value={model.theme.value}
        options={[
          { value: 'system', label: t('dfThemeSystem', 'Same as the system') },
          { value: 'light', label: t('dfThemeLight', 'Light') },
          { value: 'dark', label: t('dfThemeDark', 'Dark') },
        ]}
        onChange={(v) => void model.setTheme(v)}
      />
      <Saved model={model} field="theme" />
      <ShortcutsList model={shortcuts} />
    </section>
  );
}

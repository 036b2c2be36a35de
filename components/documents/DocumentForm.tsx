import type { ComponentChildren } from 'preact';
import { extensionOf } from '../../lib/features/documents/file-types.ts';
import type { DocumentsModel } from '../../lib/features/documents/model.ts';
import { Formality } from '../../lib/settings/schema.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Field } from '../ui/Field.tsx';
import { Status } from '../ui/Status.tsx';
import { ChargeNote } from './ChargeNote.tsx';
import { UploadStatus } from './UploadStatus.tsx';

function formalityLabel(value: Formality): string {
  switch (value) {
    case 'more':
      return t('docsFormalityMore', 'More formal');
    case 'less':
      return t('docsFormalityLess', 'Less formal');
    case 'prefer_more':
      return t('docsFormalityPreferMore', 'More formal where possible');
    case 'prefer_less':
      return t('docsFormalityPreferLess', 'Less formal where possible');
    default:
      return t('docsFormalityDefault', 'Default');
  }
}

/**
 * The file and the translation's options; every choice offered is one the service supports. The one form
 * of document translation: the documents page gives it a drop zone (`fileControl`), the panel that other
 * pages mount (TranslateFilePanel) the file they already have.
 */
export function DocumentForm({ model, fileControl }: { model: DocumentsModel; fileControl: ComponentChildren }) {
  const {
    charge,
    file,
    fileProblem,
    formality,
    glossaries,
    glossaryId,
    glossaryNeedsSource,
    languages,
    languagesError,
    outputFormat,
    outputFormats,
    showFormality,
    showGlossary,
    sourceLang,
    sources,
    targetLang,
    targets,
    uploading,
  } = model;
  const ready = file.value && !fileProblem.value && targetLang.value && !uploading.value;
  const inputExt = file.value ? extensionOf(file.value.name) : '';
  return (
    <form
      class="document-form"
      onSubmit={(e) => {
        e.preventDefault();
        void model.translateFile();
      }}
    >
      {fileControl}
      {file.value && !fileProblem.value && <ChargeNote estimate={charge.value} />}
      {languagesError.value && <Status kind="error">{describeError(languagesError.value)}</Status>}
      <div class="form-grid">
        <Field label={t('docsTarget', 'Translate into')}>
          {({ id }) => (
            <select
              id={id}
              value={targetLang.value}
              disabled={!languages.value || uploading.value}
              onChange={(e) => void model.chooseTarget(e.currentTarget.value)}
            >
              {targets.value.map((l) => (
                <option key={l.lang} value={l.lang}>
                  {l.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('docsSource', 'Source language')}>
          {({ id }) => (
            <select
              id={id}
              value={sourceLang.value}
              disabled={!languages.value || uploading.value}
              onChange={(e) => void model.chooseSource(e.currentTarget.value)}
            >
              <option value="">{t('docsDetect', 'Detect automatically')}</option>
              {sources.value.map((l) => (
                <option key={l.lang} value={l.lang}>
                  {l.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {showFormality.value && (
          <Field label={t('docsFormality', 'Formality')}>
            {({ id }) => (
              <select
                id={id}
                value={formality.value}
                disabled={uploading.value}
                onChange={(e) => model.setFormality(Formality.parse(e.currentTarget.value))}
              >
                {(['default', 'more', 'less'] as const).map((f) => (
                  <option key={f} value={f}>
                    {formalityLabel(f)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {showGlossary.value && (
          <Field
            label={t('docsGlossary', 'Glossary')}
            hint={
              glossaries.value.length === 0
                ? t('docsNoGlossary', 'No glossary of yours has this language pair.')
                : undefined
            }
          >
            {({ id, describedBy }) => (
              <select
                id={id}
                aria-describedby={describedBy}
                value={glossaryId.value}
                disabled={uploading.value || glossaries.value.length === 0}
                onChange={(e) => model.chooseGlossary(e.currentTarget.value)}
              >
                <option value="">{t('docsGlossaryNone', 'None')}</option>
                {glossaries.value.map((g) => (
                  <option key={g.glossaryId} value={g.glossaryId}>
                    {g.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {outputFormats.value.length > 0 && (
          <Field label={t('docsOutputFormat', 'Output format')}>
            {({ id }) => (
              <select
                id={id}
                value={outputFormat.value}
                disabled={uploading.value}
                onChange={(e) => model.chooseOutputFormat(e.currentTarget.value)}
              >
                <option value="">{t('docsSameFormat', 'Same as the file ($1)', inputExt)}</option>
                {outputFormats.value.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
      {glossaryNeedsSource.value && (
        <p class="hint">{t('docsGlossaryNeedsSource', 'Choose the source language to use a glossary.')}</p>
      )}
      <div class="row">
        <button type="submit" class="primary" disabled={!ready}>
          {t('docsTranslate', 'Translate document')}
        </button>
      </div>
      <UploadStatus model={model} />
    </form>
  );
}

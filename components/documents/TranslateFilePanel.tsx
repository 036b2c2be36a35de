import { useEffect, useMemo, useRef } from 'preact/hooks';
import { extensionOf } from '../../lib/features/documents/file-types.ts';
import type { DocumentsModel } from '../../lib/features/documents/model.ts';
import { formatFileSize, t } from '../../lib/ui/i18n.ts';
import { useModel } from '../ui/use-model.ts';
import { DocumentForm } from './DocumentForm.tsx';
import { JobItem } from './JobList.tsx';
import { createDocumentsModel } from './models.ts';
import './documents.css';

export interface TranslateFilePanelProps {
  /** The file to translate, already chosen by the page that mounts the panel. */
  file: File;
  /**
   * Called once when the translation of this file is done, with the translated file (`format`: its
   * extension, `pdf` or `docx` for a PDF). Verso keeps the file until the browser has saved it, so the
   * panel's Download stays usable whatever the page does with it.
   */
  onResult?(blob: Blob, name: string, format: string): void;
}

/**
 * A PDF whose name does not say so (served from a URL without `.pdf`) is named `<name>.pdf`: the service
 * knows a document's type by its extension.
 */
function withPdfName(file: File): File {
  if (file.type !== 'application/pdf' || extensionOf(file.name) === 'pdf') return file;
  return new File([file], `${file.name || 'document'}.pdf`, { type: file.type, lastModified: file.lastModified });
}

/** The file the panel was given, and why it cannot be translated when it cannot. */
function ChosenFile({ model }: { model: DocumentsModel }) {
  const { file, fileProblem } = model;
  if (!file.value) return null;
  return (
    <div class="chosen-file">
      <p class="chosen">{t('docsChosen', 'Chosen: $1 ($2)', [file.value.name, formatFileSize(file.value.size)])}</p>
      {fileProblem.value && (
        <p class="error" role="alert">
          {fileProblem.value}
        </p>
      )}
    </div>
  );
}

/**
 * "Translate the whole file" for any Verso extension page: target language, formality, glossary, output
 * format, Translate (the person's gesture), the service's progress, the result handed to `onResult` and
 * downloadable. The same form and job view as the documents page; the job also appears there and is
 * followed by the background when the page that mounted the panel closes.
 */
export function TranslateFilePanel({ file, onResult }: TranslateFilePanelProps) {
  const model = useModel(createDocumentsModel);
  const named = useMemo(() => withPdfName(file), [file]);
  const handed = useRef<string | undefined>(undefined);
  useEffect(() => {
    void model.open();
    return model.watch();
  }, [model]);
  useEffect(() => model.chooseFile(named), [model, named]);

  const jobId = model.uploadedJob.value;
  const job = jobId ? model.jobs.value.find((j) => j.documentId === jobId) : undefined;
  useEffect(() => {
    if (!onResult || !job || job.state !== 'done' || handed.current === job.documentId) return;
    handed.current = job.documentId;
    void model.readResult(job.documentId).then((result) => {
      if (result) onResult(result.blob, result.fileName, extensionOf(result.fileName));
    });
  }, [model, job, onResult]);

  return (
    <div class="translate-file-panel">
      <DocumentForm model={model} fileControl={<ChosenFile model={model} />} />
      {job && (
        <div class="job-list" aria-live="polite">
          <ul>
            <JobItem model={model} job={job} />
          </ul>
        </div>
      )}
    </div>
  );
}

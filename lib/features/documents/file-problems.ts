import { formatFileSize, t } from '../../ui/i18n.ts';
import { ACCEPTED_TYPES_TEXT, type FileProblem } from './file-types.ts';

/** Why a chosen file cannot be translated, in the person's words. */
export function describeFileProblem(problem: FileProblem): string {
  switch (problem.kind) {
    case 'unsupported':
      return problem.ext
        ? t('docsUnsupported', '“$1” cannot be translated: .$2 files are not accepted. Accepted types: $3.', [
            problem.name,
            problem.ext,
            ACCEPTED_TYPES_TEXT,
          ])
        : t('docsNoExtension', '“$1” has no extension, so its type is unknown. Accepted types: $2.', [
            problem.name,
            ACCEPTED_TYPES_TEXT,
          ]);
    case 'empty':
      return t('docsEmpty', 'The file is empty.');
    case 'too_large':
      return t('docsTooLarge', 'The file is too large: $1, at most $2 can be translated.', [
        formatFileSize(problem.size),
        formatFileSize(problem.max),
      ]);
  }
}

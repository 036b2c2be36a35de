import { t } from '../../ui/i18n.ts';

/**
 * Document errors that are not the service's. Each carries a `code` (prototypes do not survive
 * messaging) and a message written for the person.
 */
class DocumentError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DocumentError';
  }
}

/** The background no longer knows an upload (it restarted, or the session expired). */
export const uploadLost = () =>
  new DocumentError(
    'upload_lost',
    t('docsUploadLost', 'The upload was interrupted (Verso restarted or waited too long). Send the file again.'),
  );

export const uploadRejected = (message: string) => new DocumentError('invalid_request', message);

export const transferLost = () =>
  new DocumentError(
    'transfer_lost',
    t(
      'docsTransferLost',
      'The translated file is no longer held by Verso. Download it again if the service still has it.',
    ),
  );

/** The service answered 404 for a download: it deletes a document after its first download. */
export const documentGone = (alreadyDownloaded: boolean) =>
  new DocumentError(
    'document_gone',
    alreadyDownloaded
      ? t(
          'docsGoneDownloaded',
          'This document was already downloaded, and the service deleted it then. To get another copy, upload the file again.',
        )
      : t(
          'docsGoneUnknown',
          'The service no longer has this document (it deletes documents after their first download). Upload the file again.',
        ),
    404,
  );

export const documentNotReady = () =>
  new DocumentError('not_ready', t('docsNotReady', 'The document is not translated yet. Wait until it is done.'));

export const unknownJob = () =>
  new DocumentError('not_found', t('docsUnknownJob', 'Verso has no record of this document.'));

import type { ErrorInfo } from '../messaging/result.ts';
import { t } from './i18n.ts';

/** Why a request was not sent: no API key is saved (lib/background/client.ts). Nothing was refused. */
export const NO_KEY_MESSAGE = 'No API key is set. Open Verso options and enter your key.';

/** No key at all: the request never reached the service, so it cannot have refused anything. */
export const isNoKeyYet = (error: ErrorInfo) =>
  error.status === undefined && (error.name === 'MissingKeyError' || error.message === NO_KEY_MESSAGE);

/**
 * A person-readable sentence for an error, with what to do next. The service's own message is kept,
 * because it is often the most precise part ("Value for 'target_lang' not supported").
 */
export function describeError(error: ErrorInfo): string {
  const service = error.message ? ` (${error.status ? `${error.status}: ` : ''}${error.message})` : '';
  switch (error.code) {
    case 'auth':
      if (isNoKeyYet(error)) return t('errNoKey', 'No key yet: enter your API key in Verso options, under Connection.');
      return t('errAuth', 'The service refused the key. Check the API key in Verso options.') + service;
    case 'quota_exceeded':
      return (
        t(
          'errQuota',
          'The character quota is used up. Translation stopped; raise the limit or wait for the next period.',
        ) + service
      );
    case 'too_many_requests':
      // Shown only once Verso's own retries are used up: the person is the one to try again.
      return t('errRate', 'The service is busy (too many requests). Try again in a moment.') + service;
    case 'network':
      return t('errNetwork', 'The service cannot be reached. Check your connection or the server URL.') + service;
    case 'timeout':
      return t('errTimeout', 'The service did not answer in time. Try again.') + service;
    case 'server':
      return t('errServer', 'The service had a problem. Try again in a moment.') + service;
    case 'too_large':
      return t('errTooLarge', 'The text is too long for one request.') + service;
    case 'not_found':
      return t('errNotFound', 'Not found on the service.') + service;
    case 'invalid_request':
    case 'bad_request':
      return error.message || t('errBadRequest', 'The service rejected the request.');
    case 'forbidden':
      return error.message;
    case 'maybe_billed':
      // Page translation after a stopped worker (lib/features/page-translate/queue, "Restarts"): the person decides.
      return t(
        'errMaybeBilled',
        'Verso was stopped while these were being translated, and the service may already have billed them. Try again to translate them; they may be billed again.',
      );
    case 'held':
      // The spending guard (lib/features/spending): nothing was sent, the person decides.
      return t(
        'errHeld',
        "Verso held back text from $1: it asked for more than a reader uses. Nothing more is sent from there until you continue (Try again here, or Continue in Verso's popup).",
        error.detail || t('errHeldThisSite', 'this site'),
      );
    default:
      return error.message || t('errUnknown', 'Something went wrong.');
  }
}

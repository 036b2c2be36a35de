import { send } from '../../lib/messaging/protocol.ts';
import type { ErrorInfo } from '../../lib/messaging/result.ts';
import { describeError, isNoKeyYet } from '../../lib/ui/describe-error.ts';
import { t } from '../../lib/ui/i18n.ts';
import { Status } from './Status.tsx';

/**
 * An error in words. Where the settings are not on screen (the popup, the side panel), "No key yet"
 * comes with the way there.
 */
export function ErrorStatus({ error, offerSettings = false }: { error: ErrorInfo; offerSettings?: boolean }) {
  return (
    <Status kind="error">
      {describeError(error)}
      {offerSettings && isNoKeyYet(error) && (
        <>
          {' '}
          <button type="button" onClick={() => void send('options.open', { section: 'connection' })}>
            {t('openVersoSettings', 'Open Verso settings')}
          </button>
        </>
      )}
    </Status>
  );
}

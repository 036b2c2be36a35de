import type { GlossariesModel } from '../../lib/features/glossaries/model.ts';
import { describeError } from '../../lib/ui/describe-error.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { Status } from '../ui/Status.tsx';
import { formatTime } from './format.ts';

/** Failures that say nothing about the glossaries themselves: the service is down, slow or busy. */
const UNREACHABLE = new Set(['network', 'timeout', 'server', 'too_many_requests']);

function changesText(changes: { added: string[]; removed: string[]; changed: string[] }) {
  const { added, removed, changed } = changes;
  if (added.length + removed.length + changed.length === 0) return t('glNoChanges', 'Up to date: nothing changed.');
  return t('glChanges', 'Refreshed: $1 added, $2 removed, $3 changed.', [
    formatNumber(added.length),
    formatNumber(removed.length),
    formatNumber(changed.length),
  ]);
}

/** Where the list comes from, what the last refresh changed, and the outcome of the last action. */
export function GlossaryStatus({ model }: { model: GlossariesModel }) {
  const { refreshing, glossaries, fetchedAt, lastChanges, shownNotice, actionError } = model;
  const offline = model.unreachable.value;
  return (
    <div class="glossary-status">
      {refreshing.value && <Status kind="info">{t('glRefreshing', 'Checking the service for changes…')}</Status>}
      {offline && (
        <Status kind="warn">
          <strong>
            {UNREACHABLE.has(offline.code)
              ? t('glOffline', 'Read-only: the service could not be reached.')
              : t('glNotLoaded', 'Read-only: the glossaries could not be loaded from the service.')}
          </strong>{' '}
          {glossaries.value.length > 0 && fetchedAt.value !== undefined
            ? t('glOfflineCached', 'Showing the glossaries saved on $1.', formatTime(fetchedAt.value))
            : t('glOfflineEmpty', 'No saved copy of your glossaries yet.')}{' '}
          <span class="detail">{describeError(offline)}</span>
        </Status>
      )}
      {lastChanges.value && <Status kind="ok">{changesText(lastChanges.value)}</Status>}
      {shownNotice.value && <Status kind="ok">{shownNotice.value}</Status>}
      {actionError.value && <Status kind="error">{describeError(actionError.value)}</Status>}
    </div>
  );
}

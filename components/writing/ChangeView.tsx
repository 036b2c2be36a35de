import type { Change } from '../../lib/features/writing/diff-model.ts';
import { t } from '../../lib/ui/i18n.ts';

export type ChangeState = 'pending' | 'accepted' | 'rejected';

interface Props {
  change: Change;
  state: ChangeState;
  onAccept(): void;
  onReject(): void;
}

/** Whitespace-only text shown so it can be seen (a removed double space, an added line break). */
function visible(text: string): string {
  return text.trim() === '' ? text.replace(/\n/g, '¶\n').replace(/ /g, '·') : text;
}

/** What a change says in words, for buttons and screen readers. */
export function changeSummary(change: Change): string {
  if (!change.removed) return t('writingChangeInsert', 'add “$1”', change.added);
  if (!change.added) return t('writingChangeDelete', 'remove “$1”', change.removed);
  return t('writingChangeReplace', '“$1” → “$2”', [change.removed, change.added]);
}

/** One suggested change inside the diff, with its own accept and reject buttons while it is pending. */
export function ChangeView({ change, state, onAccept, onReject }: Props) {
  const summary = changeSummary(change);
  return (
    <span class={`vw-change ${state}`}>
      {state !== 'accepted' && change.removed && <del>{visible(change.removed)}</del>}
      {state !== 'rejected' && change.added && <ins>{visible(change.added)}</ins>}
      {state === 'pending' && (
        <span class="vw-change-actions">
          <button
            type="button"
            class="accept"
            data-accept=""
            aria-label={t('writingAcceptOne', 'Accept: $1', summary)}
            title={t('writingAcceptOne', 'Accept: $1', summary)}
            onClick={onAccept}
          >
            ✓
          </button>
          <button
            type="button"
            class="reject"
            aria-label={t('writingRejectOne', 'Reject: $1', summary)}
            title={t('writingRejectOne', 'Reject: $1', summary)}
            onClick={onReject}
          >
            ✕
          </button>
        </span>
      )}
      {state !== 'pending' && (
        <span class="vw-visually-hidden">
          {state === 'accepted' ? t('writingAppliedMark', '(applied)') : t('writingRejectedMark', '(rejected)')}
        </span>
      )}
    </span>
  );
}

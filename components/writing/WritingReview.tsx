import type { WritingModel } from '../../lib/features/writing/model.ts';
import { formatNumber, t } from '../../lib/ui/i18n.ts';
import { countText } from '../../lib/ui/plural.ts';
import { type ChangeState, ChangeView } from './ChangeView.tsx';

interface Props {
  model: WritingModel;
  /** Called after the field was changed, so the panel can take focus back from the field. */
  onApplied(): void;
}

/** The word-level diff of the suggestion with accept/reject per change, Accept all and Undo. */
export function WritingReview({ model, onApplied }: Props) {
  const session = model.session.value;
  if (!session) return null;
  const { changes } = session.diff;
  const stateOf = (id: number): ChangeState =>
    session.accepted.has(id) ? 'accepted' : session.rejected.has(id) ? 'rejected' : 'pending';
  const pending = model.pending.value.length;
  const applied = session.accepted.size;

  const summary =
    changes.length === 0
      ? t('writingNoChanges', 'No changes suggested: the text looks good.')
      : countText(
          'writingChangeCount',
          'one=$1 suggested change, $2 applied, $3 left.|other=$1 suggested changes, $2 applied, $3 left.',
          changes.length,
          [formatNumber(changes.length), formatNumber(applied), formatNumber(pending)],
        );

  return (
    <section aria-label={t('writingReviewLabel', 'Suggested changes')}>
      <p class="vw-hint" role="status">
        {summary}
      </p>
      {changes.length > 0 && (
        <div class="vw-diff">
          {session.diff.parts.map((part, i) =>
            part.kind === 'same' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a diff's parts are laid out once in order and never reordered.
              <span key={i}>{part.text}</span>
            ) : (
              <ChangeView
                key={`c${part.change.id}`}
                change={part.change}
                state={stateOf(part.change.id)}
                onAccept={() => {
                  model.accept([part.change.id]);
                  onApplied();
                }}
                onReject={() => {
                  model.reject(part.change.id);
                  onApplied();
                }}
              />
            ),
          )}
        </div>
      )}
      {session.requests > 1 && (
        <p class="vw-hint">
          {t(
            'writingSplitNote',
            'The text was long, so it was sent in $1 parts, paragraph by paragraph.',
            String(session.requests),
          )}
        </p>
      )}
      <div class="vw-row">
        {pending > 0 && (
          <button
            type="button"
            class="vw-primary"
            onClick={() => {
              model.acceptAll();
              onApplied();
            }}
          >
            {t('writingAcceptAll', 'Accept all')}
          </button>
        )}
        {applied > 0 && (
          <button
            type="button"
            data-undo=""
            onClick={() => {
              model.undo();
              onApplied();
            }}
          >
            {t('writingUndo', 'Undo')}
          </button>
        )}
      </div>
    </section>
  );
}

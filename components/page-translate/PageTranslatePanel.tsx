import { useEffect } from 'preact/hooks';
import type { PageView } from '../../lib/features/page-translate/messages.ts';
import { percentOf } from '../../lib/features/page-translate/model.ts';
import type { PagePanelModel } from '../../lib/features/page-translate/popup-model.ts';
import {
  alreadyHelp,
  lateQuestion,
  leftLine,
  modeSwitch,
  problemLine,
  readingSwitch,
  sameLine,
  statusLine,
} from '../../lib/features/page-translate/wording.ts';
import { t } from '../../lib/ui/i18n.ts';
import { ErrorStatus } from '../ui/ErrorStatus.tsx';
import { Status } from '../ui/Status.tsx';
import './popup-panel.css';

function MainButton({ model, current }: { model: PagePanelModel; current: PageView | null }) {
  const busy = model.busy.value;
  const started =
    current !== null && current.phase !== 'idle' && !(current.phase === 'error' && current.progress.total === 0);
  // Already in the target's language: there is nothing to translate (the panel says why instead).
  if (current?.alreadyIn) return null;
  if (!started || current.shown === 'original') {
    return (
      <button type="button" class="primary" disabled={busy} onClick={() => void model.act('translate')}>
        {started ? t('pageShowTranslation', 'Show translation') : t('pageTranslate', 'Translate page')}
      </button>
    );
  }
  return (
    <button type="button" disabled={busy} onClick={() => void model.act('original')}>
      {t('pageShowOriginal', 'Show original')}
    </button>
  );
}

/** "This page": translate it, switch back to the original and forth, see progress and problems. */
export function PageTranslatePanel({ model }: { model: PagePanelModel }) {
  useEffect(() => {
    void model.load();
  }, [model]);
  const current = model.view.value;
  const error = model.error.value;
  const problem = current ? problemLine(current) : undefined;
  const left = current ? leftLine(current) : undefined;
  const same = current ? sameLine(current) : undefined;
  const late = current ? lateQuestion(current) : undefined;
  const working =
    current?.phase === 'preparing' || (current?.phase === 'translating' && current.reading !== 'as-you-read');
  // One click away: the other reading, remembered for the site (before a start too: it starts with it).
  const started = current !== null && current.phase !== 'idle';
  const mode = current ? modeSwitch(current) : undefined;
  const already = current?.alreadyIn;
  const other = already
    ? undefined
    : current?.reading
      ? readingSwitch(current)
      : !started && current !== null
        ? readingSwitch({ ...current, reading: 'as-you-read' })
        : undefined;
  return (
    <section class="page-panel" aria-labelledby="page-panel-title">
      <h2 id="page-panel-title" class="visually-hidden">
        {t('pagePanelTitle', 'This page')}
      </h2>
      {model.unavailable.value ? (
        <p class="muted">
          {t(
            'pageUnavailable',
            'Verso cannot translate this page (browser pages and extension stores are off limits).',
          )}
        </p>
      ) : (
        <>
          <div class="row">
            <MainButton model={model} current={current} />
            {other && (!started || current?.shown !== 'original') && (
              <button type="button" disabled={model.busy.value} onClick={() => void model.act(other.to)}>
                {other.label}
              </button>
            )}
            {current && current.progress.failed > 0 && (
              <button type="button" disabled={model.busy.value} onClick={() => void model.act('translate')}>
                {t('pageRetry', 'Try again')}
              </button>
            )}
            {mode && (
              <button type="button" disabled={model.busy.value} onClick={() => void model.act(mode.to)}>
                {mode.label}
              </button>
            )}
            {current && (current.phase !== 'idle' || already) && (
              <span class="page-state" role="status">
                {statusLine(current)}
              </span>
            )}
          </div>
          {already && <p class="muted">{alreadyHelp()}</p>}
          {working && current && (
            <progress max={100} value={percentOf(current)} aria-label={t('pageProgress', 'Translation progress')} />
          )}
          {late && (
            <div class="row">
              <span>{late.question}</span>
              <button type="button" disabled={model.busy.value} onClick={() => void model.act('more')}>
                {late.action}
              </button>
            </div>
          )}
          {problem && <Status kind="error">{problem}</Status>}
          {left && <Status kind="error">{left}</Status>}
          {same && <p class="muted">{same}</p>}
          {error && <ErrorStatus offerSettings error={error} />}
        </>
      )}
    </section>
  );
}

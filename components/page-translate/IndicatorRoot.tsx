import { actions, dismiss, dismissed, pageView } from '../../lib/features/page-translate/model.ts';
import { Indicator } from './Indicator.tsx';

/** Connects the indicator to the page translation model. */
export function IndicatorRoot() {
  const view = pageView.value;
  const act = actions.value;
  if (!view || !act || dismissed.value || view.phase === 'idle') return null;
  return (
    <Indicator
      view={view}
      onShowOriginal={act.showOriginal}
      onShowTranslation={act.showTranslation}
      onRetry={act.retry}
      onOpenOptions={act.openOptions}
      onDismiss={dismiss}
    />
  );
}

import type { IndicatorModel } from '../../lib/features/page-translate/model.ts';
import { Indicator } from './Indicator.tsx';

/** Connects the indicator to the page translation model. */
export function IndicatorRoot({ model }: { model: IndicatorModel }) {
  const view = model.view.value;
  if (!view || !model.visible.value) return null;
  return (
    <Indicator
      view={view}
      onShowOriginal={() => model.showOriginal()}
      onShowTranslation={() => model.showTranslation()}
      onRetry={() => model.retry()}
      onReading={(reading) => model.setReading(reading)}
      onMore={() => model.translateMore()}
      onOpenOptions={() => model.openOptions()}
      onDismiss={() => model.dismiss()}
    />
  );
}

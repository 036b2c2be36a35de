import type { TargetedPointerEvent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { IndicatorModel } from '../../lib/features/page-translate/model.ts';
import { cornerNear, type IndicatorPlace } from '../../lib/features/page-translate/place-model.ts';
import { Indicator } from './Indicator.tsx';

/**
 * Whole seconds until `until` (ms since the epoch), counted down from the time the worker will really
 * send again; undefined once it has passed.
 */
function useSecondsUntil(until: number | null): number | undefined {
  const [seconds, setSeconds] = useState<number | undefined>(undefined);
  useEffect(() => {
    const left = () => (until === null ? undefined : Math.ceil((until - Date.now()) / 1000));
    setSeconds(left());
    if (until === null) return;
    const id = setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === undefined || now <= 0) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [until]);
  return seconds !== undefined && seconds > 0 ? seconds : undefined;
}

/** Drags the card by its head (not its buttons); let go, it sits in the nearest corner. */
function dragStart(place: IndicatorPlace) {
  return (event: TargetedPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as Element).closest('button')) return;
    const head = event.currentTarget;
    const card = head.parentElement;
    if (!card) return;
    event.preventDefault();
    head.setPointerCapture(event.pointerId);
    const startX = event.clientX;
    const startY = event.clientY;
    const move = (e: PointerEvent) => {
      card.style.translate = `${e.clientX - startX}px ${e.clientY - startY}px`;
    };
    const end = (e: PointerEvent) => {
      head.removeEventListener('pointermove', move);
      head.removeEventListener('pointerup', end);
      head.removeEventListener('pointercancel', end);
      card.style.translate = '';
      if (e.type === 'pointerup') place.moveTo(cornerNear(e.clientX, e.clientY, innerWidth, innerHeight));
    };
    head.addEventListener('pointermove', move);
    head.addEventListener('pointerup', end);
    head.addEventListener('pointercancel', end);
  };
}

/** Connects the indicator to the page translation model and to where the person put it. */
export function IndicatorRoot({ model, place }: { model: IndicatorModel; place: IndicatorPlace }) {
  const view = model.view.value;
  const retrySeconds = useSecondsUntil(model.retryUntil.value);
  if (!view || !model.visible.value || !place.loaded.value || place.hidden(model.problems.value)) return null;
  // Only while this page waits for the service.
  const waiting = view.phase === 'preparing' || view.phase === 'translating';
  return (
    <Indicator
      view={view}
      corner={place.corner.value}
      retrySeconds={waiting ? retrySeconds : undefined}
      onShowOriginal={() => model.showOriginal()}
      onShowTranslation={() => model.showTranslation()}
      onRetry={() => model.retry()}
      onReading={(reading) => model.setReading(reading)}
      onMode={(mode) => model.setMode(mode)}
      onMore={() => model.translateMore()}
      onOpenOptions={() => model.openOptions()}
      onDismiss={() => model.dismiss()}
      onMinimise={() => place.minimise(model.problems.value)}
      onMove={(to) => place.moveTo(to ?? place.next())}
      onDragStart={dragStart(place)}
    />
  );
}

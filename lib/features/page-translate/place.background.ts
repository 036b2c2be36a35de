import { storage } from 'wxt/utils/storage';
import type { IndicatorCorner, IndicatorPlacing } from './place-model.ts';

/** The page indicator's corner, the same on every site. */
const cornerItem = storage.defineItem<IndicatorCorner | null>('local:pageIndicatorCorner', { fallback: null });
/** Sites where the indicator is minimised, for this browser session. */
const minimisedItem = storage.defineItem<string[]>('session:pageIndicatorMinimised', { fallback: [] });

/** Enough for a person's sites in one session, bounded all the same (the latest last). */
const MAX_SITES = 500;

export async function placingFor(host: string | undefined): Promise<IndicatorPlacing> {
  const [corner, minimised] = await Promise.all([cornerItem.getValue(), minimisedItem.getValue()]);
  return { ...(corner ? { corner } : {}), minimised: host !== undefined && minimised.includes(host) };
}

export async function rememberPlacing(
  host: string | undefined,
  change: { corner?: IndicatorCorner | undefined; minimised?: boolean | undefined },
): Promise<void> {
  if (change.corner) await cornerItem.setValue(change.corner);
  if (change.minimised === undefined || host === undefined) return;
  const sites = (await minimisedItem.getValue()).filter((s) => s !== host);
  await minimisedItem.setValue(change.minimised ? [...sites, host].slice(-MAX_SITES) : sites);
}

/** What is kept of the card's placing: whether its corner was moved, and on how many sites it is minimised. */
export async function placingKept(): Promise<{ corner: boolean; minimised: number }> {
  const [corner, minimised] = await Promise.all([cornerItem.getValue(), minimisedItem.getValue()]);
  return { corner: corner !== null, minimised: minimised.length };
}

/** Forgets the card's corner and the sites where it was minimised ("Your data"). */
export async function forgetPlacing(): Promise<void> {
  await Promise.all([cornerItem.removeValue(), minimisedItem.removeValue()]);
}

import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import { pageTranslateFeature } from './page-translate/content.ts';
import { selectionFeature } from './selection/content.ts';
import { translateOfferFeature } from './translate-offer/content.ts';
import { writingFeature } from './writing/content.ts';

/**
 * A content-script feature: one folder under lib/features, one `ContentFeature` export, listed below.
 * `init` wires listeners through `ctx` (so a reloaded extension leaves nothing behind) and returns nothing.
 */
export interface ContentFeature {
  name: string;
  /** Where the feature runs; most run everywhere the content script is injected. */
  runsOn(location: Location): boolean;
  init(ctx: ContentScriptContext): void | Promise<void>;
}

export const contentFeatures: ContentFeature[] = [
  writingFeature,
  selectionFeature,
  pageTranslateFeature,
  translateOfferFeature,
];

export async function startContentFeatures(ctx: ContentScriptContext): Promise<void> {
  for (const feature of contentFeatures) {
    if (!feature.runsOn(location)) continue;
    try {
      await feature.init(ctx);
    } catch (e) {
      console.error(`[verso] ${feature.name} failed to start`, e);
    }
  }
}

import type { ContentScriptContext } from 'wxt/utils/content-script-context';
import type { BootReason } from '../bootstrap/state.ts';
import { pageTranslateFeature } from './page-translate/content.ts';
import { pdfFeature } from './pdf/content.ts';
import { selectionFeature } from './selection/content.ts';
import { translateOfferFeature } from './translate-offer/content.ts';
import { videoFeature } from './video/content.ts';
import { writingFeature } from './writing/content.ts';

/**
 * A content-script feature: one folder under lib/features, one `ContentFeature` export, listed below.
 * `init` wires listeners through `ctx` (so a reloaded extension leaves nothing behind) and returns nothing.
 */
export interface ContentFeature {
  name: string;
  /** Where the feature runs; most run everywhere the content script is injected. */
  runsOn(location: Location): boolean;
  /**
   * Wires the feature. It may return `boot`: called once all features are in, with what the person did
   * that brought them (lib/bootstrap); the selection, click or key happened before this code existed,
   * so the feature answers it now.
   */
  init(ctx: ContentScriptContext): Started | undefined | Promise<Started | undefined>;
}

export interface Started {
  boot(reasons: readonly BootReason[]): void;
}

export const contentFeatures: ContentFeature[] = [
  writingFeature,
  selectionFeature,
  pageTranslateFeature,
  translateOfferFeature,
  videoFeature,
  pdfFeature,
];

export async function startContentFeatures(
  ctx: ContentScriptContext,
  reasons: readonly BootReason[] = [],
): Promise<void> {
  const started: Array<[string, Started]> = [];
  for (const feature of contentFeatures) {
    if (!feature.runsOn(location)) continue;
    try {
      const out = await feature.init(ctx);
      if (out) started.push([feature.name, out]);
    } catch (e) {
      console.error(`[verso] ${feature.name} failed to start`, e);
    }
  }
  if (reasons.length === 0) return;
  for (const [name, out] of started) {
    try {
      out.boot(reasons);
    } catch (e) {
      console.error(`[verso] ${name} failed to answer what started it`, e);
    }
  }
}

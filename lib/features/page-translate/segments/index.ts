/**
 * The DOM side of full-page translation: cut a page into units, merge the service's answers back
 * into the page's own nodes, switch between original, translated and bilingual views, and follow
 * the page as it changes. No messaging and no API here: see README.md.
 */

export { defaultSlicing, type Slicing, yieldToEventLoop } from '../../../dom/schedule.ts';
export { BILINGUAL_CLASS, BILINGUAL_CSS } from './bilingual.ts';
export { containerOf, type DisplayHook, declaredLangOf, isPhrasingTag } from './classify.ts';
export { type CopiesOptions, TranslatedCopies } from './clones.ts';
export { nearViewport, type ObserverFactory, VisibilityFeed, visibleFirst } from './order.ts';
export { type InertParser, inertParser, inertParserMany, isPlainAnswer } from './plan.ts';
export {
  type ApplyOutcome,
  PageTranslation,
  type PageTranslationOptions,
  type Planned,
  type ViewMode,
} from './restore.ts';
export { type SegmentOptions, type SegmentResult, segment, segmentSliced } from './segment.ts';
export type { AttrName, AttrUnit, Claims, TextUnit, Unit } from './types.ts';
export { type PageChange, PageWatcher, rescanAfter, rescanRoots, type WatcherOptions } from './watch.ts';

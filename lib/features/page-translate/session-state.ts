import type { ErrorInfo, Result } from '../../messaging/result.ts';
import type { BlockLanguages, DetectLanguage } from './block-language.ts';
import type { LateBudget } from './budget.ts';
import type { GateObserverFactory, ReadingGate, Sight } from './gate.ts';
import type { PagePhase, PagePlan, PageSegment, PageShown, PageView } from './messages.ts';
import type { AttributesOnDemand } from './on-demand.ts';
import type {
  ObserverFactory,
  PageTranslation,
  PageWatcher,
  Slicing,
  TranslatedCopies,
  Unit,
} from './segments/index.ts';
import type { ChunkFeed } from './sentinels.ts';
import type { PartSelectors } from './site-selectors.ts';
import type { PendingClaims } from './taken-nodes.ts';

export interface SessionDeps {
  doc: Document;
  win: Window;
  /** Names this document in every segment id (`${docId}.${n}`). */
  docId: string;
  prepare(): Promise<Result<PagePlan>>;
  enqueue(segments: PageSegment[], resume: boolean): Promise<Result<{ accepted: number }>>;
  status(ids: string[]): Promise<Result<{ unknown: string[] }>>;
  onView(view: PageView): void;
  /** The first screen's answers are written (or its head start ran out), in the task that wrote them. */
  onFirstScreen?(): void;
  /** Runs `run` every `ms`; returns the cancel. WXT's ctx in the content script, so a reload stops it. */
  repeat(run: () => void, ms: number): () => void;
  /** Merging answers and switching views: a slice of writes at a time (yield.ts `writeSlicing`). */
  slicing: Slicing;
  /** Cutting the page: slices that let answers and input in between (default yield.ts). */
  passSlicing?: Slicing;
  now?: () => number;
  /** Units unanswered this long are checked with the background (default 4 s). */
  checkAfterMs?: number;
  createObserver?: ObserverFactory;
  /** The reading gate's observer and measures (tests; the browser's by default). */
  gateObserver?: GateObserverFactory;
  sight?: Sight;
  /** Runs the gate's measuring before the next frame (tests run it at once). */
  schedule?(run: () => void): void;
  /** Measure the screen against this document's viewport: a frame's own. */
  viewportRoot?: Document | null;
  /** The late-content budget (tests give smaller ones; budget.ts has the defaults). */
  lateBudget?: LateBudget;
  /** How long answers for the rest of the page gather before they are written (default 250 ms). */
  gatherMs?: number;
  /** The browser's language detector: blocks already in the target's language are left (block-language.ts). */
  detectLanguage?: DetectLanguage;
}

/** What a session has once the worker's plan arrived. */
export interface Parts {
  plan: PagePlan;
  store: PageTranslation;
  watcher: PageWatcher;
  feed: ChunkFeed<Unit>;
  claims: PendingClaims;
  gate: ReadingGate<Unit>;
  /** Copies of translated content the page puts back (segments/clones.ts). */
  copies: TranslatedCopies;
  /** Tooltips and labels held until they are shown. */
  demand: AttributesOnDemand;
  /** Which blocks are already in the target's language, and how many were left as they are. */
  languages: BlockLanguages;
  /** The person's selectors for the site: parts left out, or the only parts translated. */
  selectors: PartSelectors;
}

/**
 * What the pieces of a page's session share: its phase and error, what it has once the plan is in,
 * the counts the indicator shows. Each piece changes it and then asks the session to update its phase
 * (`updatePhase`) or to tell the page's view (`emit`).
 */
export class SessionState {
  phase: PagePhase = 'idle';
  shown: PageShown = 'original';
  error: ErrorInfo | undefined;
  parts: Parts | undefined;
  disposed = false;
  readonly progress = { total: 0, done: 0, failed: 0, empty: 0 };
  readonly now: () => number;

  constructor(
    readonly deps: SessionDeps,
    /** The phase after a change (and the view): `PageSession.updatePhase`. */
    readonly updatePhase: () => void,
    /** Tells the page's view, unless the session is gone. */
    readonly emit: () => void,
  ) {
    this.now = deps.now ?? (() => performance.now());
  }
}

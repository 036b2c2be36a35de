import { storage } from 'wxt/utils/storage';
import type { PagePlan, PageSegment } from './messages.ts';
import type { QueueSegment } from './queue/index.ts';

/** A document's two parameter groups, as `page.prepare` answered them. */
export type PlanGroups = Pick<PagePlan, 'html' | 'attr'>;
type Entry = [key: string, groups: PlanGroups];

/** Documents whose plan is kept (a tab's top page and its frames each count); the oldest go first. */
export const MAX_PLANS = 1000;

/**
 * The plans the worker answered, by tab, frame and document. Session storage (in memory): a worker
 * started after a stop still knows the pages it prepared; a new browser session starts afresh.
 */
export const pagePlansItem = storage.defineItem<Entry[]>('session:pagePlans', { fallback: [] });

/** `page.enqueue` for a document the worker prepared no plan for (or forgot): its segments fail with it. */
export const NO_PLAN = {
  code: 'no_plan',
  message: 'Verso no longer knows how this page was to be translated. Reload the page to translate it.',
} as const;

const keyOf = (tabId: number, frameId: number, docId: string) => `${tabId}:${frameId}:${docId}`;

/**
 * Each document's plan, kept by the worker so that pages send only their segments' group: the
 * parameters are resolved once, at `page.prepare`, and never come back from a page.
 */
export class PagePlans {
  private plans?: Promise<Map<string, PlanGroups>>;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly max = MAX_PLANS) {}

  async remember(tabId: number, frameId: number, docId: string, plan: PlanGroups): Promise<void> {
    const plans = await this.load();
    const key = keyOf(tabId, frameId, docId);
    plans.delete(key);
    plans.set(key, { html: plan.html, attr: plan.attr });
    for (const oldest of plans.keys()) {
      if (plans.size <= this.max) break;
      plans.delete(oldest);
    }
    await this.save(plans);
  }

  async find(tabId: number, frameId: number, docId: string): Promise<PlanGroups | undefined> {
    return (await this.load()).get(keyOf(tabId, frameId, docId));
  }

  async forget(tabId: number, frameId: number, docId: string): Promise<void> {
    const plans = await this.load();
    if (plans.delete(keyOf(tabId, frameId, docId))) await this.save(plans);
  }

  /** The tab was closed or its document's work cancelled: its top page's and its frames' plans go. */
  async forgetTab(tabId: number): Promise<void> {
    const plans = await this.load();
    const prefix = `${tabId}:`;
    let changed = false;
    for (const key of plans.keys()) {
      if (!key.startsWith(prefix)) continue;
      plans.delete(key);
      changed = true;
    }
    if (changed) await this.save(plans);
  }

  private load(): Promise<Map<string, PlanGroups>> {
    this.plans ??= pagePlansItem
      .getValue()
      .then((entries) => new Map(Array.isArray(entries) ? entries : []))
      .catch(() => new Map<string, PlanGroups>());
    return this.plans;
  }

  /** Writes one after another, each the map as it is then: the last write holds the latest state. */
  private save(plans: Map<string, PlanGroups>): Promise<void> {
    const entries = [...plans];
    this.writing = this.writing
      .then(() => pagePlansItem.setValue(entries))
      .catch((e: unknown) => console.warn('[verso] could not keep the page plans', e));
    return this.writing;
  }
}

/** The queue's segments: each takes its group's parameters from the document's plan; none without a plan. */
export function withPlan(
  segments: readonly PageSegment[],
  plan: PlanGroups | undefined,
  tabId: number,
): QueueSegment[] {
  if (!plan) throw { ...NO_PLAN };
  return segments.map(({ group, ...segment }) => ({ ...segment, params: paramsOf(plan, group), tabId }));
}

/** A group's parameters; `html-auto` is `html` without the page's source language and the glossary it needs. */
function paramsOf(plan: PlanGroups, group: PageSegment['group']): PlanGroups['html'] {
  if (group !== 'html-auto') return plan[group];
  const { source_lang: _source, glossary_id: _glossary, ...params } = plan.html;
  return params;
}

import { browser } from 'wxt/browser';
import { handle, isExtensionPage, type Sender } from '../../messaging/handle.ts';
import { pdfOfReader } from '../../reader/url.ts';
import { siteHostOf } from '../site-rules/rules.ts';
import {
  type ChargeInput,
  DayTotals,
  DEFAULT_LIMITS,
  dayOf,
  GuardState,
  type Held,
  type SpendingFeature,
  SpendingGuard,
  SpendingLimits,
} from './guard.ts';
import { dayTotalsItem, guardStateItem, spendingLimitsItem } from './storage.ts';

/** Thrown where a feature would have spent: the error every UI words as "Verso held back…". */
export class SpendingHeldError extends Error {
  readonly name = 'SpendingHeld';
  readonly code = 'held';
  readonly detail: string;
  constructor(readonly held: Held) {
    super(
      `Verso held back ${held.chars} characters from ${held.site}: more than a reader uses (${held.reason} limit). Continue in Verso's popup.`,
    );
    this.detail = held.site;
  }
}

const now = () => Date.now();
const emptyState = (): GuardState => GuardState.parse({});
const emptyDay = (): DayTotals => DayTotals.parse({ day: dayOf(now()) });

let guard: SpendingGuard | undefined;
let loading: Promise<SpendingGuard> | undefined;
let writing: Promise<void> = Promise.resolve();
let dirty = false;
/** The revision of the state this worker last wrote (GuardState.rev). */
let rev = 0;

async function load(): Promise<SpendingGuard> {
  const [state, day, limits] = await Promise.all([
    guardStateItem.getValue(),
    dayTotalsItem.getValue(),
    spendingLimitsItem.getValue(),
  ]);
  const parsedState = GuardState.safeParse(state ?? {});
  const parsedDay = DayTotals.safeParse(day ?? {});
  const parsedLimits = SpendingLimits.safeParse(limits ?? {});
  rev = parsedState.success ? (parsedState.data.rev ?? 0) : 0;
  return new SpendingGuard(
    parsedState.success ? parsedState.data : emptyState(),
    parsedDay.success ? parsedDay.data : emptyDay(),
    parsedLimits.success ? parsedLimits.data : DEFAULT_LIMITS,
  );
}

/** The worker's one guard, loaded once from storage. */
function theGuard(): Promise<SpendingGuard> {
  if (guard) return Promise.resolve(guard);
  loading ??= load().then((g) => {
    guard = g;
    return g;
  });
  return loading;
}

/** Writes the guard's state after the current task: many charges in one burst are one write. */
function persist(g: SpendingGuard): void {
  if (dirty) return;
  dirty = true;
  writing = writing.then(async () => {
    await Promise.resolve();
    dirty = false;
    g.state.rev = ++rev;
    await Promise.all([guardStateItem.setValue(g.state), dayTotalsItem.setValue(g.day)]).catch(() => undefined);
  });
}

/** The site whose budget a content script's request counts against: its tab's top page, else its own. */
export function spendingSite(sender: Sender): string | undefined {
  // Verso's own pages spend for no site, except the PDF reader: its PDF's site.
  if (isExtensionPage(sender) && !pdfOfReader(sender.url)) return undefined;
  const url = pdfOfReader(sender.tab?.url ?? sender.url) ?? sender.tab?.url ?? sender.url;
  const host = siteHostOf(url);
  if (host) return host;
  try {
    return url ? new URL(url).protocol.replace(/:$/, '') || 'page' : 'page';
  } catch {
    return 'page';
  }
}

/**
 * Counts `chars` for `input`'s site, tab and the whole browser, or throws SpendingHeldError. Resolves to
 * the way to give back part of them that never left (a page's request dropped before it was sent).
 */
export async function charge(input: ChargeInput): Promise<(chars: number) => void> {
  if (input.chars <= 0) return () => {};
  const g = await theGuard();
  const chargedAt = now();
  const outcome = g.charge(input, chargedAt);
  persist(g);
  if (!outcome.ok) throw new SpendingHeldError(outcome.held);
  return (chars) => {
    g.refund({ ...input, chars }, chargedAt, now());
    persist(g);
  };
}

/** `charge` for a message's sender (content script or Verso's own page). */
export async function chargeSender(sender: Sender, feature: SpendingFeature, chars: number): Promise<void> {
  const site = spendingSite(sender);
  const tabId = site !== undefined ? sender.tab?.id : undefined;
  const incognito = !!(sender.tab as { incognito?: boolean } | undefined)?.incognito;
  await charge({
    feature,
    chars,
    ...(site !== undefined ? { site } : {}),
    ...(tabId !== undefined ? { tabId } : {}),
    ...(incognito ? { private: true } : {}),
  });
}

/**
 * The person acted for `site` (Continue, Try again, the page command): its buckets are full again.
 * `undefined` is Verso's own pages.
 */
export async function grant(site: string | undefined): Promise<void> {
  const g = await theGuard();
  g.grant(site, now());
  persist(g);
}

const continued = new Set<(site: string | undefined) => void>();

/** Runs `listener` when the person continues a held site from Verso's popup or settings. */
export function onContinue(listener: (site: string | undefined) => void): void {
  continued.add(listener);
}

/** The site a tab shows, for work that only knows its tab (the page queue). */
export async function siteOfTab(tabId: number): Promise<string | undefined> {
  try {
    const tab = await browser.tabs.get(tabId);
    return spendingSite({ tab: { id: tabId, ...(tab.url ? { url: tab.url } : {}) } });
  } catch {
    return undefined;
  }
}

export function setUpSpending(): void {
  // Cleared or set from outside (a test's reset, "clear data"): take it instead of writing the old state back.
  // The worker's own writes carry a revision; they arrive here late, after newer charges, and are skipped.
  guardStateItem.watch((value) => {
    if (!guard || (value?.rev !== undefined && value.rev <= rev)) return;
    guard.state = GuardState.safeParse(value ?? {}).data ?? emptyState();
    rev = guard.state.rev ?? rev;
  });
  dayTotalsItem.watch((value) => {
    if (value === null && guard) guard.day = emptyDay();
  });
  spendingLimitsItem.watch((value) => {
    if (guard) guard.limits = SpendingLimits.safeParse(value ?? {}).data ?? DEFAULT_LIMITS;
  });
  browser.tabs.onRemoved.addListener((tabId) => {
    if (!guard) return;
    guard.forgetTab(tabId);
    persist(guard);
  });

  handle('spending.status', async (data) => {
    const g = await theGuard();
    let site: string | undefined;
    if (data?.tabId !== undefined) site = await siteOfTab(data.tabId);
    // Nothing spent yet today reads as today, not as the last day something was.
    g.rollDay(now());
    return {
      limits: g.limits,
      defaults: DEFAULT_LIMITS,
      held: g.heldList(),
      today: g.day,
      ...(site ? { site } : {}),
    };
  });

  handle('spending.continue', async ({ site }) => {
    await grant(site ?? undefined);
    for (const listener of continued) listener(site ?? undefined);
    return null;
  });

  handle('spending.setLimits', async (data) => {
    const current = (await theGuard()).limits;
    const next = 'reset' in data ? DEFAULT_LIMITS : SpendingLimits.parse({ ...current, ...data });
    await spendingLimitsItem.setValue(next);
    (await theGuard()).limits = next;
    return next;
  });
}

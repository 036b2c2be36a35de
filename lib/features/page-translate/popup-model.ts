import { signal } from '@preact/signals';
import type { Send } from '../../messaging/protocol.ts';
import type { ErrorInfo } from '../../messaging/result.ts';
import type { Clock } from '../../ui/clock.ts';
import type { PageAction, PageView } from './messages.ts';

export interface PagePanelDeps {
  send: Send;
  clock: Clock;
  /** The tab the popup acts on (popup-tab.ts); undefined when there is none. */
  targetTab(): Promise<number | undefined>;
}

const POLL_MS = 400;

/**
 * The page may still change on its own: while it works, and while parts wait to be read ("as you read", or
 * hidden parts), since a part can end its wait without the person (an image gets its size, a block shows).
 * Asked once at those phases, the panel kept its first answer ("as you read") after the page was done.
 */
const changing = (v: PageView | null) =>
  v?.phase === 'preparing' || v?.phase === 'translating' || v?.phase === 'reading';

/** The popup's "This page" panel: the page's translation state, asked for again while it may change. */
export class PagePanelModel {
  readonly view = signal<PageView | null>(null);
  /** The tab cannot be translated (the browser's own pages, the web store). */
  readonly unavailable = signal(false);
  readonly busy = signal(false);
  readonly error = signal<ErrorInfo | null>(null);

  private tabId: number | undefined;
  private finding: Promise<number | undefined> | undefined;
  private asked = 0;
  private lastAction = 0;
  private stopPolling: (() => void) | undefined;
  private disposed = false;

  constructor(private readonly deps: PagePanelDeps) {}

  private async ask(action: PageAction): Promise<void> {
    // A press before the popup knew its tab waits for it (it said "cannot translate this page" before).
    if (this.tabId === undefined && this.finding) this.tabId = await this.finding;
    if (this.tabId === undefined) {
      this.unavailable.value = true;
      return;
    }
    const asked = ++this.asked;
    if (action !== 'state') this.lastAction = asked;
    const result = await this.deps.send('page.popupCommand', { tabId: this.tabId, action });
    if (this.disposed) return;
    // A look asked before the person's last action answers for a page that has moved on since: its
    // answer would wipe what the action said (an error, a new state).
    if (action === 'state' && asked < this.lastAction) return;
    if (!result.ok) {
      this.error.value = result.error;
      return;
    }
    this.error.value = null;
    if (result.value === null) {
      // Not reachable yet is fine for a look; an action that cannot reach the page means it cannot be done.
      if (action !== 'state') this.unavailable.value = true;
      return;
    }
    this.view.value = result.value;
    this.stopPolling?.();
    this.stopPolling = changing(result.value)
      ? this.deps.clock.after(POLL_MS, () => void this.ask('state'))
      : undefined;
  }

  async load(): Promise<void> {
    this.finding = this.deps.targetTab();
    this.tabId = await this.finding;
    await this.ask('state');
  }

  async act(action: PageAction): Promise<void> {
    this.busy.value = true;
    try {
      await this.ask(action);
    } finally {
      this.busy.value = false;
    }
  }

  dispose(): void {
    this.disposed = true;
    this.stopPolling?.();
  }
}

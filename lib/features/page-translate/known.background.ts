/**
 * Which page segments the queue holds for each tab, so a content script that waits too long can ask and
 * send again only what the background really lost (a worker restart before the queue saved it, a lost
 * message), never blindly. Segment ids are `${docId}.${n}`: the document part tells a reload or a
 * navigation apart from the same page asking again.
 */
export const docOf = (segmentId: string): string => segmentId.slice(0, Math.max(0, segmentId.indexOf('.')));

export class KnownSegments {
  private readonly tabs = new Map<number, { doc: string; ids: Set<string> }>();

  /**
   * Records segments of a tab. Returns true when they belong to another document than the one the tab
   * had: its earlier work is obsolete and the caller cancels it (already forgotten here).
   */
  add(tabId: number, ids: Iterable<string>): boolean {
    let replaced = false;
    for (const id of ids) {
      const doc = docOf(id);
      let tab = this.tabs.get(tabId);
      if (tab && tab.doc !== doc) {
        replaced = true;
        tab = undefined;
      }
      if (!tab) {
        tab = { doc, ids: new Set() };
        this.tabs.set(tabId, tab);
      }
      tab.ids.add(id);
    }
    return replaced;
  }

  /** The document whose work the tab holds, if any. */
  /** The tabs whose top page began a translation. */
  tabIds(): number[] {
    return [...this.tabs.keys()];
  }

  docOfTab(tabId: number): string | undefined {
    return this.tabs.get(tabId)?.doc;
  }

  /** Whether the tab's current document is `doc` (or the tab has none yet). */
  isCurrent(tabId: number, doc: string): boolean {
    const tab = this.tabs.get(tabId);
    return !tab || tab.doc === doc;
  }

  /** Starts a document for a tab; true when another document was there (its work is obsolete). */
  begin(tabId: number, doc: string): boolean {
    const tab = this.tabs.get(tabId);
    if (tab?.doc === doc) return false;
    this.tabs.set(tabId, { doc, ids: new Set() });
    return tab !== undefined;
  }

  remove(tabId: number, ids: Iterable<string>): void {
    const tab = this.tabs.get(tabId);
    if (!tab) return;
    for (const id of ids) tab.ids.delete(id);
  }

  forgetTab(tabId: number): void {
    this.tabs.delete(tabId);
  }

  /** The ids of `ids` the tab's current document has not got queued. */
  unknown(tabId: number, doc: string, ids: readonly string[]): string[] {
    const tab = this.tabs.get(tabId);
    if (!tab || tab.doc !== doc) return [...ids];
    return ids.filter((id) => !tab.ids.has(id));
  }

  /** Segments held for a tab (tests, diagnostics). */
  count(tabId: number): number {
    return this.tabs.get(tabId)?.ids.size ?? 0;
  }
}

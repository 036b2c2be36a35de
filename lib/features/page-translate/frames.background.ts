import type { PageReading } from '../../settings/schema.ts';
import { type FramesSummary, summarise } from './frames.ts';
import { docOf } from './known.background.ts';
import type { FrameAction, FrameView } from './messages.ts';

/**
 * A frame's documents name themselves with an `F` first (content.ts): the worker tells them from the top
 * page's without asking, also for work a previous worker left in the queue's store.
 */
export const isFrameDoc = (docId: string): boolean => docId.startsWith('F');

interface FrameDoc {
  /** The frame showing it, once it has said so (restored work may not know yet). */
  frameId?: number;
  ids: Set<string>;
  view?: FrameView;
}

/**
 * The documents of a tab's frames (other than the top page): which frame shows each, the segment ids it
 * has queued (so its status checks send again only what was lost), and its last view, summed for the top.
 */
export class FrameDocs {
  private readonly tabs = new Map<number, Map<string, FrameDoc>>();

  private docs(tabId: number): Map<string, FrameDoc> {
    let docs = this.tabs.get(tabId);
    if (!docs) {
      docs = new Map();
      this.tabs.set(tabId, docs);
    }
    return docs;
  }

  private doc(tabId: number, docId: string): FrameDoc {
    const docs = this.docs(tabId);
    let doc = docs.get(docId);
    if (!doc) {
      doc = { ids: new Set() };
      docs.set(docId, doc);
    }
    return doc;
  }

  /** A frame starts a document: an earlier one of the same frame is gone (the frame navigated). */
  begin(tabId: number, docId: string, frameId: number): void {
    const docs = this.docs(tabId);
    for (const [id, doc] of docs) if (id !== docId && doc.frameId === frameId) docs.delete(id);
    this.doc(tabId, docId).frameId = frameId;
  }

  /** The frame of a document, learnt from any message it sends. */
  seen(tabId: number, docId: string, frameId: number): void {
    this.doc(tabId, docId).frameId = frameId;
  }

  frameOf(tabId: number, docId: string): number | undefined {
    return this.tabs.get(tabId)?.get(docId)?.frameId;
  }

  add(tabId: number, ids: Iterable<string>): void {
    for (const id of ids) this.doc(tabId, docOf(id)).ids.add(id);
  }

  remove(tabId: number, ids: Iterable<string>): void {
    const docs = this.tabs.get(tabId);
    if (!docs) return;
    for (const id of ids) docs.get(docOf(id))?.ids.delete(id);
  }

  unknown(tabId: number, docId: string, ids: readonly string[]): string[] {
    const doc = this.tabs.get(tabId)?.get(docId);
    return doc ? ids.filter((id) => !doc.ids.has(id)) : [...ids];
  }

  setView(tabId: number, docId: string, view: FrameView): void {
    this.doc(tabId, docId).view = view;
  }

  /** The tab's frames that reported, summed; undefined when none did. */
  summary(tabId: number): FramesSummary | undefined {
    const views = [...(this.tabs.get(tabId)?.values() ?? [])].flatMap((doc) =>
      doc.view
        ? [
            {
              phase: doc.view.phase,
              shown: 'translated' as const,
              progress: doc.view.progress,
              report: { unreachable: doc.view.unreachable, closed: doc.view.closed },
              ...(doc.view.stop ? { stop: doc.view.stop } : {}),
            },
          ]
        : [],
    );
    return views.length > 0 ? summarise(views) : undefined;
  }

  forget(tabId: number, docId: string): void {
    this.tabs.get(tabId)?.delete(docId);
  }

  forgetTab(tabId: number): void {
    this.tabs.delete(tabId);
  }
}

/** What the top page of a tab did, so a frame that starts late can catch up. */
export class TabActions {
  private readonly tabs = new Map<
    number,
    { started: boolean; original: boolean; reading?: PageReading; readAll: boolean; mode?: 'bilingual' | 'replace' }
  >();

  record(tabId: number, action: FrameAction): void {
    // A retry is for the frames there now: a frame that loads later has nothing that failed.
    if (action === 'retry') return;
    const state = this.tabs.get(tabId) ?? { started: false, original: false, readAll: false };
    if (action === 'translate') {
      state.started = true;
      state.original = false;
    } else if (action === 'original') state.original = true;
    else if (action === 'read-all') state.readAll = true;
    else if (action === 'bilingual' || action === 'replace') state.mode = action;
    else {
      state.started = true;
      state.reading = action;
    }
    this.tabs.set(tabId, state);
  }

  /** The actions that bring a new frame to where the top page is, in order. */
  replay(tabId: number): FrameAction[] {
    const state = this.tabs.get(tabId);
    if (!state?.started) return [];
    // The mode first: the frame's plan is then shown in it from its first answer.
    const out: FrameAction[] = [...(state.mode ? [state.mode] : []), state.reading ?? 'translate'];
    if (state.readAll) out.push('read-all');
    if (state.original) out.push('original');
    return out;
  }

  forget(tabId: number): void {
    this.tabs.delete(tabId);
  }
}

import { storage } from 'wxt/utils/storage';
import { ApiError, resolveBaseUrl } from '../../api/index.ts';
import { clientFor } from '../../background/client.ts';
import { appDb } from '../../db/index.ts';
import { getCredentials } from '../../settings/credentials.ts';
import { glossaryCache } from '../glossaries/cache.background.ts';
import { goneGlossaries } from '../glossaries/gone.background.ts';
import { TranslationCache } from './cache/translation-cache.ts';
import { KeepAlive } from './keep-alive.background.ts';
import { PageParams } from './messages.ts';
import { isPrivateTab } from './private-tabs.background.ts';
import {
  DexieQueueStore,
  type PauseStore,
  type QueueOptions,
  type QueueStore,
  type SendFn,
  TranslationQueue,
} from './queue/index.ts';

/**
 * The one translation queue of the background, wired to the service, the translation cache and the
 * database. Page translation is its only user so far.
 */

/** The queue retries by itself: the client must not retry too, or every retry would happen twice. */
export const sendToService: SendFn = async (batch, signal) => {
  const params = PageParams.safeParse(batch.params);
  if (!params.success) {
    throw { code: 'invalid_request', message: 'Stored segment parameters are not valid any more' };
  }
  const client = await clientFor('page', { retry: false });
  // A glossary deleted elsewhere: the page goes on without it (glossaries/gone.background.ts).
  const { value: results } = await goneGlossaries().run(params.data, (p) =>
    client.translateEach({ ...p, text: batch.texts, show_billed_characters: true }, { signal }),
  );
  return results.map((r) =>
    r instanceof ApiError
      ? { refused: { code: r.code, message: r.message } }
      : {
          text: r.text,
          detectedSource: r.detected_source_language,
          ...(r.billed_characters !== undefined ? { billedCharacters: r.billed_characters } : {}),
        },
  );
};

/** What else decides a translation: the glossary's content (its version) and the server that made it. */
const cacheContext: NonNullable<QueueOptions['cacheContext']> = async (params) => {
  const creds = await getCredentials();
  const glossaryId = typeof params.glossary_id === 'string' ? params.glossary_id : undefined;
  const glossaryVersion = glossaryId ? await glossaryCache().contentVersion(glossaryId) : undefined;
  return {
    endpoint: resolveBaseUrl(creds.apiKey, creds.serverUrl),
    ...(glossaryVersion ? { glossaryVersion } : {}),
  };
};

/**
 * When the queue's 429 pause ends (ms since the epoch). Session storage: a worker started after a stop
 * waits out the service's Retry-After too; a new browser session starts afresh.
 */
export const queuePauseItem = storage.defineItem<number>('session:pageQueuePausedUntil', { fallback: 0 });

export const sessionPauseStore: PauseStore = {
  load: async () => (await queuePauseItem.getValue()) || undefined,
  save: (until) => queuePauseItem.setValue(until),
};

/** A store that also reports what it loaded, so the background knows the restored segments. */
export function observedStore(store: QueueStore, onLoad: (records: Awaited<ReturnType<QueueStore['load']>>) => void) {
  return {
    async load() {
      const records = await store.load();
      onLoad(records);
      return records;
    },
    write: (change) => store.write(change),
  } satisfies QueueStore;
}

let pageCache: TranslationCache | undefined;

/** The page queue's translation cache, one per worker: "Your data" (lib/features/data) counts and clears it here. */
export function pageTranslationCache(): TranslationCache {
  pageCache ??= new TranslationCache(appDb().translations);
  return pageCache;
}

export type PageQueueHooks = Pick<QueueOptions, 'deliver' | 'fail' | 'onProgress' | 'onStatus' | 'admit'> & {
  onRestored: Parameters<typeof observedStore>[1];
};

export function createPageQueue(hooks: PageQueueHooks): TranslationQueue {
  const db = appDb();
  const { onRestored, ...listeners } = hooks;
  const keepAlive = new KeepAlive(() => {
    const { inFlight, pending } = queue.status();
    return inFlight + pending > 0;
  });
  const queue: TranslationQueue = new TranslationQueue({
    ...listeners,
    // Every enqueue, answer and failure reports progress: the worker is kept alive while work remains.
    onProgress(tabId, progress) {
      listeners.onProgress?.(tabId, progress);
      keepAlive.start();
    },
    send: sendToService,
    cache: pageTranslationCache(),
    cacheContext,
    store: observedStore(new DexieQueueStore(db.queueJobs, db.queueSent), onRestored),
    pauseStore: sessionPauseStore,
    // A private window's page text stays in memory: no store rows, no cache entries.
    memoryOnly: isPrivateTab,
  });
  return queue;
}

import type { TranslateOptions } from '../../../api/index.ts';
import type { CachedTranslation, CacheKeyInput } from '../cache/translation-cache.ts';
import type { Job } from './jobs.ts';
import type { QueueOptions } from './types.ts';

/** A finished job and the answer it caches. */
export interface Finished {
  job: Job;
  value: CachedTranslation;
}

/** A text and its parameters, as the cache is asked about them. */
interface CacheItem {
  text: string;
  params: TranslateOptions;
  group: string;
}

/**
 * The queue's side of the translation cache: one bulk read per `enqueue`, one bulk write per answered
 * request, and the answers whose write is still under way, so identical work arriving in that moment
 * (another tab, a re-render) is answered from here instead of being sent and billed again.
 */
export class CacheFront {
  /** Answers that are finished but not yet written to the cache, by job key. */
  private readonly unsaved = new Map<string, CachedTranslation>();

  constructor(private readonly options: Pick<QueueOptions, 'cache' | 'cacheContext'>) {}

  /** The answer of identical work whose cache write is still under way. */
  unsavedAnswer(key: string): CachedTranslation | undefined {
    return this.unsaved.get(key);
  }

  /** The cache's answers for `items`, in order (none when there is no cache or it cannot be read). */
  async lookUp(items: readonly CacheItem[]): Promise<(CachedTranslation | undefined)[]> {
    const cache = this.options.cache;
    if (!cache) return [];
    try {
      return await cache.getMany(await this.inputs(items));
    } catch {
      return [];
    }
  }

  /**
   * One bulk write per answered request. Work cancelled while in flight is cached too: it was paid for.
   * The caller leaves out work a private window asked for: it stays in memory only.
   */
  async fill(finished: readonly Finished[]): Promise<void> {
    const cache = this.options.cache;
    if (!cache || finished.length === 0) return;
    for (const { job, value } of finished) this.unsaved.set(job.key, value);
    try {
      const entries = await this.inputs(
        finished.map(({ job }) => ({ text: job.text, params: job.params, group: job.group })),
      );
      await cache.setMany(entries.map((input, i) => ({ input, value: finished[i]!.value })));
    } catch {
      // A cache that cannot be written only costs a future request.
    } finally {
      for (const { job, value } of finished) if (this.unsaved.get(job.key) === value) this.unsaved.delete(job.key);
    }
  }

  /** Cache keys for texts; the background's extra context is asked once per parameter group. */
  private inputs(items: readonly CacheItem[]): Promise<CacheKeyInput[]> {
    const contexts = new Map<string, Promise<Pick<CacheKeyInput, 'glossaryVersion' | 'endpoint'> | undefined>>();
    return Promise.all(
      items.map(async ({ text, params, group }) => {
        if (!contexts.has(group)) contexts.set(group, Promise.resolve(this.options.cacheContext?.(params)));
        return { text, params, ...(await contexts.get(group)) };
      }),
    );
  }
}

export { DEFAULT_LIMITS, TranslationQueue } from './queue.ts';
export { DEFAULT_CONCURRENCY } from './rate.ts';
export { Priority, QueueSegment } from './schema.ts';
export { DexieQueueStore, MemoryQueueStore, type QueueStore, queueJobId } from './store.ts';
export type {
  Admission,
  AdmitPart,
  Clock,
  Delivery,
  PauseStore,
  QueueCache,
  QueueError,
  QueueErrorCode,
  QueueOptions,
  QueueStatus,
  SendBatch,
  SendFn,
  SendOutcome,
  SendRefusal,
  SendResult,
  TabProgress,
} from './types.ts';

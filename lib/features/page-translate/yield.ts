import type { Slicing } from './segments/index.ts';

type PostTask = (
  task: () => void,
  options: { priority: 'user-blocking' | 'user-visible' | 'background' },
) => Promise<void>;

/**
 * Yields with a new task rather than a continuation: `scheduler.yield()` resumes ahead of other tasks, so
 * a long cut of the page would keep the tab's incoming translations waiting until it ends. Here the
 * answers (and input, and rendering) get their turn between slices.
 */
export const yieldToTasks = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  if (scheduler?.postTask) return scheduler.postTask(() => undefined, { priority: 'user-visible' });
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
};

/** For passes over the page (segmenting): other tasks go in between. */
export const passSlicing: Slicing = { yieldNow: yieldToTasks, sliceMs: 8 };

/**
 * Waits until the page has rendered a frame (or, in a hidden tab where frames do not come, for a task).
 * Writes to a big page are paid for in the next frame's layout: pacing them a slice per frame keeps
 * each frame, and so each main-thread task, short.
 */
export const afterNextFrame = (): Promise<void> => {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') return yieldToTasks();
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      void yieldToTasks().then(resolve);
    });
  });
};

/** For merging answers and switching views: a slice of writes per frame. */
export const writeSlicing: Slicing = { yieldNow: afterNextFrame, sliceMs: 8 };

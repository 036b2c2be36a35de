import type { Page } from '@playwright/test';
import { startTrace, stopTrace, type TraceEvent } from './cdp-trace.ts';

/**
 * Main-thread tasks of a page's renderer, from a Chromium trace. The page's own long task and long
 * animation frame APIs leave out (or do not attribute) the work of an extension's content script; the
 * trace's `RunTask` events are every task the renderer's main thread ran, Verso's included.
 */
export interface TaskTrace {
  stop(): Promise<TracedTasks>;
}

export interface TracedTasks {
  /** Durations (ms) of the main thread's tasks that started at or after the trigger mark. */
  tasks: number[];
  /**
   * The same tasks' thread time (ms): how long the thread ran on a core. For the rest of a task's duration
   * it waited, mostly ready to run while other threads had the cores (on a machine with few cores).
   */
  taskCpu: number[];
  /** Main-thread time (ms) after the trigger, by trace event, self time (children taken out). */
  costs: Array<{ name: string; ms: number; share: number }>;
  /** Main-thread time (ms) after the trigger: its outermost events, in tasks or not. */
  busyMs: number;
  /** Of the busy time, how long the thread ran on a core (thread time of the same outermost events). */
  busyCpuMs: number;
}

/**
 * The page calls `console.timeStamp(TRIGGER_MARK)` right before the translation is asked for: tasks before
 * it (loading the page, the probe's own snapshot) are not counted.
 */
export const TRIGGER_MARK = 'verso-bench-trigger';

/** The top-level task event, by the names Chromium versions have used. */
const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/** Names that say what the time went to: script, style, layout, pre-paint, paint, messages, collection. */
const costName = (e: TraceEvent): string => {
  if (e.name.startsWith('V8.GC') || e.name.endsWith('GC') || e.name.includes('concurrent marking'))
    return 'garbage collection';
  if (TASK_NAMES.has(e.name)) return 'task (other)';
  return e.name;
};

/**
 * Self time by name of the complete events of one thread, nested as the trace nests them, and the time
 * of the outermost events (the thread's busy time, whether or not the trace wraps them in a task).
 */
function selfTimes(events: readonly TraceEvent[]): {
  byName: Map<string, number>;
  rootMs: number;
  rootCpuMs: number;
} {
  const sorted = [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const stack: TraceEvent[] = [];
  const self = new Map<TraceEvent, number>();
  let rootUs = 0;
  let rootCpuUs = 0;
  for (const e of sorted) {
    while (stack.length > 0 && stack[stack.length - 1]!.ts + (stack[stack.length - 1]!.dur ?? 0) <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    // An event that outlasts its parent is not nested in it (the trace's own overlap): counted as a root.
    if (parent && e.ts + (e.dur ?? 0) > parent.ts + (parent.dur ?? 0)) {
      stack.length = 0;
    }
    const within = stack[stack.length - 1];
    if (within) self.set(within, (self.get(within) ?? 0) - (e.dur ?? 0));
    else {
      rootUs += e.dur ?? 0;
      rootCpuUs += e.tdur ?? e.dur ?? 0;
    }
    self.set(e, (self.get(e) ?? 0) + (e.dur ?? 0));
    stack.push(e);
  }
  const byName = new Map<string, number>();
  for (const [e, us] of self) byName.set(costName(e), (byName.get(costName(e)) ?? 0) + us / 1000);
  return { byName, rootMs: rootUs / 1000, rootCpuMs: rootCpuUs / 1000 };
}

/** Starts tracing the page's renderer; `stop()` returns its main thread's tasks after the trigger mark. */
export async function traceTasks(page: Page): Promise<TaskTrace> {
  const session = await startTrace(
    page,
    // A kept trace (VERSO_BENCH_TRACE_DIR) also samples JavaScript in every thread, the worker's included.
    process.env.VERSO_BENCH_TRACE_DIR
      ? 'devtools.timeline,toplevel,disabled-by-default-v8.cpu_profiler'
      : 'devtools.timeline,toplevel',
  );
  return {
    async stop() {
      // VERSO_BENCH_TRACE_DIR=dir keeps each visit's trace.
      const events = await stopTrace(session, 'trace');
      // The page's renderer main thread: of the threads named CrRendererMain, the one that parsed the
      // page's HTML and ran the most tasks (other renderers, e.g. extension pages, are traced too).
      const isTask = (e: TraceEvent) => TASK_NAMES.has(e.name) && e.ph === 'X';
      const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
      const threadOf = (e: TraceEvent) => `${e.pid}:${e.tid}`;
      const mainThreads = new Set(mains.map(threadOf));
      const parsed = new Set(events.filter((e) => e.name === 'ParseHTML').map(threadOf));
      const counts = new Map<string, number>();
      for (const e of events) {
        if (isTask(e) && mainThreads.has(threadOf(e))) counts.set(threadOf(e), (counts.get(threadOf(e)) ?? 0) + 1);
      }
      const [thread] = [...counts].filter(([t]) => parsed.has(t)).sort((x, y) => y[1] - x[1])[0] ?? [];
      if (!thread) return { tasks: [], taskCpu: [], costs: [], busyMs: 0, busyCpuMs: 0 };
      const mark = events.find(
        (e) => e.name === 'TimeStamp' && threadOf(e) === thread && e.args?.data?.message === TRIGGER_MARK,
      );
      const from = mark?.ts ?? 0;
      const onThread = events.filter((e) => threadOf(e) === thread && e.ph === 'X');
      // The task that holds the mark is the probe's own start, not the translation: tasks after it count.
      const markTask = onThread.find((e) => isTask(e) && e.ts <= from && e.ts + (e.dur ?? 0) >= from);
      const after = markTask ? markTask.ts + (markTask.dur ?? 0) : from;
      const tasks = onThread.filter((e) => isTask(e) && e.ts >= after);
      const { byName, rootMs: busyMs, rootCpuMs } = selfTimes(onThread.filter((e) => e.ts >= after));
      const costs = [...byName]
        .map(([name, ms]) => ({
          name,
          ms: Math.round(ms),
          share: busyMs > 0 ? Math.round((1000 * ms) / busyMs) / 10 : 0,
        }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 6);
      return {
        tasks: tasks.map((e) => (e.dur ?? 0) / 1000),
        taskCpu: tasks.map((e) => (e.tdur ?? e.dur ?? 0) / 1000),
        costs,
        busyMs: Math.round(busyMs),
        busyCpuMs: Math.round(rootCpuMs),
      };
    },
  };
}

// The machine the benchmarks run on, and the small arithmetic they share: on a loaded machine the
// clock-time figures grow, so each benchmark prints the load and the busy cores beside its figures.
import { availableParallelism, cpus, loadavg } from 'node:os';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `n` to `digits` decimals (null stays null). */
export function round(n: number, digits?: number): number;
export function round(n: number | null, digits?: number): number | null;
export function round(n: number | null, digits = 0): number | null {
  return n === null ? null : Number(n.toFixed(digits));
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The 1, 5 and 15 minute load averages, to two decimals. */
export const loadAverages = () => loadavg().map((n) => round(n, 2));

/** The cores, and the load averages before (taken by the caller) and now. */
export const machine = (loadBefore: number[]) => ({
  cores: availableParallelism(),
  loadBefore,
  loadAfter: loadAverages(),
});

/** Time of all cores so far, busy and in total (ms), and how many cores. */
export function coreTimes(): { busy: number; total: number; cores: number } {
  let busy = 0;
  let total = 0;
  const all = cpus();
  for (const { times } of all) {
    const sum = times.user + times.nice + times.sys + times.irq + times.idle;
    busy += sum - times.idle;
    total += sum;
  }
  return { busy, total, cores: all.length };
}

/** Cores busy on average between two `coreTimes()` (every process of the machine). */
export const busyCores = (a: ReturnType<typeof coreTimes>, b: ReturnType<typeof coreTimes>) =>
  ((b.busy - a.busy) / Math.max(1, b.total - a.total)) * b.cores;

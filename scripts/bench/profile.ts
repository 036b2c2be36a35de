import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * `VERSO_BENCH_PROFILE=dir`: a sampling CPU profile of the page's renderer for each visit (the content
 * script runs in the same isolate, so its functions are in it), kept as a `.cpuprofile` in `dir` (open it
 * in DevTools' Performance panel), and its sampled allocations as a `.heapprofile` (the Memory panel); the
 * functions with the most self time, and those that allocated the most (sampled, garbage included), are
 * printed to stderr. `VERSO_BENCH_PROFILE_INTERVAL`: microseconds between
 * samples (250; 50 tells apart the parts of a call of a few tenths of a millisecond).
 */
export interface CpuProfile {
  stop(label: string): Promise<void>;
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame & { columnNumber: number };
  hitCount?: number;
}

interface HeapNode {
  callFrame: CallFrame;
  selfSize: number;
  children: HeapNode[];
}

/** "name file:line", as both profiles print a function. */
function frameName({ functionName, url, lineNumber }: CallFrame): string {
  const where = url ? `${path.basename(url)}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
}

export async function profileCpu(page: Page): Promise<CpuProfile | undefined> {
  const dir = process.env.VERSO_BENCH_PROFILE;
  if (!dir) return undefined;
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', {
    interval: Number(process.env.VERSO_BENCH_PROFILE_INTERVAL ?? 250),
  });
  await session.send('Profiler.start');
  // Allocations too: which functions make the garbage that the collector then collects inside frames.
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.startSampling', {
    samplingInterval: 16_384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    async stop(label) {
      const { profile: heap } = (await session.send('HeapProfiler.stopSampling')) as unknown as {
        profile: { head: HeapNode };
      };
      const allocated = new Map<string, number>();
      const walk = (node: HeapNode) => {
        const name = frameName(node.callFrame);
        allocated.set(name, (allocated.get(name) ?? 0) + node.selfSize);
        for (const child of node.children) walk(child);
      };
      walk(heap.head);
      const total = [...allocated.values()].reduce((sum, bytes) => sum + bytes, 0);
      console.error(`[profile] ${label}: ${(total / 1e6).toFixed(1)} MB allocated (sampled), by function`);
      for (const [name, bytes] of [...allocated].sort((a, b) => b[1] - a[1]).slice(0, 25))
        console.error(`  ${(bytes / 1e6).toFixed(2).padStart(8)} MB  ${name}`);
      const { profile } = (await session.send('Profiler.stop')) as unknown as {
        profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] };
      };
      await session.detach();
      mkdirSync(dir, { recursive: true });
      const stamp = Date.now();
      writeFileSync(path.join(dir, `${label}-${stamp}.cpuprofile`), JSON.stringify(profile));
      writeFileSync(path.join(dir, `${label}-${stamp}.heapprofile`), JSON.stringify(heap));
      // Self time by function: each sample's time goes to the node it landed on.
      const byNode = new Map<number, number>();
      const samples = profile.samples ?? [];
      const deltas = profile.timeDeltas ?? [];
      for (let i = 0; i < samples.length; i++) {
        const next = deltas[i + 1] ?? 0;
        byNode.set(samples[i]!, (byNode.get(samples[i]!) ?? 0) + next / 1000);
      }
      const byName = new Map<string, number>();
      for (const node of profile.nodes) {
        const ms = byNode.get(node.id) ?? 0;
        if (ms === 0) continue;
        const name = frameName(node.callFrame);
        byName.set(name, (byName.get(name) ?? 0) + ms);
      }
      const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 40);
      console.error(`[profile] ${label}: self time by function`);
      for (const [name, ms] of top) console.error(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
    },
  };
}

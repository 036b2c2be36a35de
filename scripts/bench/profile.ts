import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * `VERSO_BENCH_PROFILE=dir`: a sampling CPU profile of the page's renderer for each visit (the content
 * script runs in the same isolate, so its functions are in it), kept as a `.cpuprofile` in `dir` (open it
 * in DevTools' Performance panel), and the functions with the most self time printed to stderr.
 */
export interface CpuProfile {
  stop(label: string): Promise<void>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}

export async function profileCpu(page: Page): Promise<CpuProfile | undefined> {
  const dir = process.env.VERSO_BENCH_PROFILE;
  if (!dir) return undefined;
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 250 });
  await session.send('Profiler.start');
  return {
    async stop(label) {
      const { profile } = (await session.send('Profiler.stop')) as unknown as {
        profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] };
      };
      await session.detach();
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `${label}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
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
        const { functionName, url, lineNumber } = node.callFrame;
        const where = url ? `${path.basename(url)}:${lineNumber + 1}` : '';
        const name = `${functionName || '(anonymous)'} ${where}`.trim();
        byName.set(name, (byName.get(name) ?? 0) + ms);
      }
      const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 40);
      console.error(`[profile] ${label}: self time by function`);
      for (const [name, ms] of top) console.error(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
    },
  };
}

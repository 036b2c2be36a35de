// The idle benchmark's figures (`npm run bench:idle`): goals per row, medians, the content scripts' sizes,
// the table on stderr and the JSON document.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { EXTENSION_DIR } from '../../tests/e2e/browser.ts';
import type { Kind } from './browser.ts';
import type { PageKey, Reading, Run } from './idle.ts';
import { FRAMES, PARAGRAPHS, READ_AFTER_MS, RUNS } from './idle-common.ts';
import { median, round } from './machine.ts';

// ---------------------------------------------------------------------------------------------------
// Figures

export type Measure = 'scriptMs' | 'taskMs' | 'heapMB';

/** The goals for what Verso adds, per row (none for the heap on a plain second visit). */
const ROWS: Array<{
  key: string;
  name: string;
  page: PageKey;
  visit: 'first' | 'second';
  goals: Partial<Record<Measure, number>>;
}> = [
  {
    key: 'plainFirst',
    name: 'plain page, first visit',
    page: 'plain',
    visit: 'first',
    goals: { scriptMs: 5, taskMs: 10, heapMB: 0.3 },
  },
  {
    key: 'plainSecond',
    name: 'plain page, second visit',
    page: 'plain',
    visit: 'second',
    goals: { scriptMs: 2, taskMs: 5 },
  },
  {
    key: 'framesFirst',
    name: `${FRAMES} frames, first visit`,
    page: 'frames',
    visit: 'first',
    goals: { scriptMs: 25, taskMs: 40, heapMB: 2 },
  },
  {
    key: 'framesSecond',
    name: `${FRAMES} frames, second visit`,
    page: 'frames',
    visit: 'second',
    goals: { scriptMs: 20, taskMs: 30, heapMB: 3 },
  },
];

export const FIELDS = [
  'scriptMs',
  'taskMs',
  'heapMB',
  'threadCpuMs',
  'layoutMs',
  'styleMs',
  'compileMs',
  'pageRenderersCpuMs',
  'extensionCpuMs',
  'busyCores',
  'frames',
  'loadMs',
] as const;

const digitsOf = (field: string) => (field === 'heapMB' ? 3 : field === 'busyCores' ? 2 : 1);

export type Summary = Record<(typeof FIELDS)[number], number | null> & {
  min: Record<Measure, number>;
  max: Record<Measure, number>;
};

export function summarise(readings: Reading[]): Summary {
  const out = { min: {}, max: {} } as Summary;
  for (const field of FIELDS) {
    const values = readings.map((r) => r[field]).filter((v): v is number => v !== null);
    out[field] = values.length ? round(median(values), digitsOf(field)) : null;
  }
  for (const field of ['scriptMs', 'taskMs', 'heapMB'] as const) {
    out.min[field] = round(Math.min(...readings.map((r) => r[field])), digitsOf(field));
    out.max[field] = round(Math.max(...readings.map((r) => r[field])), digitsOf(field));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Content scripts

export interface FileSize {
  file: string;
  bytes: number;
  gzipBytes: number;
  /** How it reaches pages: the manifest's content_scripts, web_accessible_resources, scripting.executeScript. */
  injected: string[];
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(EXTENSION_DIR, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/** Every file under content-scripts/, and every other file the build puts into pages. */
function contentScriptSizes(): FileSize[] {
  const manifest = JSON.parse(readFileSync(path.join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as {
    content_scripts?: Array<{ js?: string[]; css?: string[] }>;
    web_accessible_resources?: Array<{ resources?: string[] } | string>;
  };
  const how = new Map<string, Set<string>>();
  const add = (file: string, way: string) => {
    const key = file.replace(/^\//, '');
    if (!how.has(key)) how.set(key, new Set());
    if (way) how.get(key)!.add(way);
  };
  for (const file of filesUnder(path.join(EXTENSION_DIR, 'content-scripts'))) add(file, '');
  for (const script of manifest.content_scripts ?? [])
    for (const file of [...(script.js ?? []), ...(script.css ?? [])]) add(file, 'content_scripts');
  for (const entry of manifest.web_accessible_resources ?? [])
    for (const pattern of typeof entry === 'string' ? [entry] : (entry.resources ?? []))
      for (const file of filesUnder(EXTENSION_DIR).filter((f) => globMatches(pattern, f)))
        add(file, 'web_accessible_resources');
  // Files the worker injects itself (scripting.executeScript / insertCSS with `files`).
  const worker = readFileSync(path.join(EXTENSION_DIR, 'background.js'), 'utf8');
  for (const [, list] of worker.matchAll(/files\s*:\s*\[([^\]]*)\]/g))
    for (const [, file] of list!.matchAll(/["'`]([^"'`]+)["'`]/g)) add(file!, 'scripting');
  return [...how.entries()]
    .filter(([file]) => statSync(path.join(EXTENSION_DIR, file), { throwIfNoEntry: false }))
    .map(([file, ways]) => {
      const bytes = readFileSync(path.join(EXTENSION_DIR, file));
      return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes).length, injected: [...ways] };
    });
}

function globMatches(pattern: string, file: string): boolean {
  const source = pattern
    .replace(/^\//, '')
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*');
  return new RegExp(`^${source}$`).test(file);
}

// ---------------------------------------------------------------------------------------------------
// The table (stderr)

/** Requests as "GET /path x2, …". */
export function grouped(requests: string[]): string {
  const counts = new Map<string, number>();
  for (const request of requests) counts.set(request, (counts.get(request) ?? 0) + 1);
  return [...counts].map(([request, n]) => (n > 1 ? `${request} x${n}` : request)).join(', ');
}

export const signed = (n: number, digits: number) => `${n > 0 ? '+' : ''}${n.toFixed(digits)}`;

export function printTable(output: ReturnType<typeof outputOf>): void {
  const say = (line = '') => process.stderr.write(`${line}\n`);
  const unit: Record<Measure, string> = { scriptMs: 'ms', taskMs: 'ms', heapMB: 'MB' };
  const label: Record<Measure, string> = { scriptMs: 'script', taskMs: 'main-thread tasks', heapMB: 'JS heap used' };
  const header = ['visit', 'measure', 'without Verso', 'with Verso', 'Verso adds', 'goal (what Verso adds)'];
  const rows: string[][] = [header];
  for (const row of output.rows) {
    (['scriptMs', 'taskMs', 'heapMB'] as const).forEach((measure, i) => {
      const digits = measure === 'heapMB' ? 2 : 1;
      const goal = row.goals[measure];
      const adds = row.versoAdds[measure];
      rows.push([
        i === 0 ? row.name : '',
        label[measure],
        `${row.without[measure]?.toFixed(digits)} ${unit[measure]}`,
        `${row.with[measure]?.toFixed(digits)} ${unit[measure]}`,
        `${signed(adds, digits)} ${unit[measure]}`,
        goal === undefined ? '-' : `<= ${goal} ${unit[measure]}: ${adds <= goal ? 'met' : 'over'}`,
      ]);
    });
  }
  const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  const { machine } = output;
  say();
  say(
    `Verso at rest: headless ${output.browser}, median of ${output.runs} runs, each in a fresh profile; the page renderer's counters ${READ_AFTER_MS / 1000} s after load (MB = 10^6 bytes).`,
  );
  say(
    `Machine: ${machine.cores} cores; load average ${machine.loadBefore.join(' ')} before, ${machine.loadAfter.join(' ')} after; ${machine.busyCores} of ${machine.cores} cores busy on average during the run (${machine.seconds} s).`,
  );
  say(line(header));
  say(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows.slice(1)) say(line(r));
  say();
  say(
    "Per visit (medians), without -> with Verso: main-thread CPU, the page renderers' CPU and Verso's process CPU (SystemInfo.getProcessInfo), the load event, the machine's busy cores:",
  );
  for (const row of output.rows) {
    const w = row.without;
    const v = row.with;
    say(
      `  ${row.name}: main thread on a core ${w.threadCpuMs} -> ${v.threadCpuMs} ms; page renderers ${w.pageRenderersCpuMs ?? '-'} -> ${v.pageRenderersCpuMs ?? '-'} ms; Verso's process ${v.extensionCpuMs ?? '-'} ms; load event after ${w.loadMs} -> ${v.loadMs} ms; busy cores ${w.busyCores} / ${v.busyCores}`,
    );
  }
  say();
  const f = output.checks;
  say(
    `Frames: the ${FRAMES}-frame page has ${f.pageFrames} frames, ${f.oopifTargets} of them out of process (all share the page's renderer, so its counters cover them); Verso's content scripts ran in ${f.framesWithVerso} frames (plain page: ${output.checks.plainFramesWithVerso}).`,
  );
  say(
    `Heap that stays (after a forced collection, second visit, medians): plain ${output.heapAfterGc.plain.without} -> ${output.heapAfterGc.plain.with} MB, frames ${output.heapAfterGc.frames.without} -> ${output.heapAfterGc.frames.with} MB.`,
  );
  for (const k of output.keyed) {
    const { setup, first, second } = k.serviceRequests;
    say(
      `Verso with a key, its service address counting what reaches it (${k.serviceUrl}), ${k.page} page, one run: ${setup.length} requests while Verso took the key in, ${first.length} in the first visit, ${second.length} in the second (0 expected)${first.length + second.length ? `: ${grouped([...first, ...second])}` : ''}; ${k.otherRequests.length} requests elsewhere${k.otherRequests.length ? `: ${grouped(k.otherRequests)}` : ''}. Script ${k.first.scriptMs} / ${k.second.scriptMs} ms, tasks ${k.first.taskMs} / ${k.second.taskMs} ms, heap ${k.first.heapMB} / ${k.second.heapMB} MB (first / second visit).`,
    );
  }
  const unkeyedOther = output.otherRequests;
  say(
    `Requests that left the browser for anywhere but the page's site in the runs without a key: ${unkeyedOther.length ? grouped(unkeyedOther) : 'none'}.`,
  );
  say();
  say('Content scripts and files put into pages:');
  for (const s of output.contentScripts)
    say(
      `  ${s.file}: ${s.bytes} bytes, ${s.gzipBytes} gzip bytes${s.injected.length ? ` (${s.injected.join(', ')})` : ''}`,
    );
}

// ---------------------------------------------------------------------------------------------------

export function outputOf(args: {
  browser: string;
  runs: Run[];
  machine: { cores: number; loadBefore: number[]; loadAfter: number[]; busyCores: number; seconds: number };
  services: string;
}) {
  const unkeyed = args.runs.filter((r) => !r.keyed);
  const of = (kind: Kind, pageKey: PageKey) => unkeyed.filter((r) => r.kind === kind && r.page === pageKey);
  const rows = ROWS.map((row) => {
    const without = summarise(of('without', row.page).map((r) => r[row.visit]));
    const withVerso = summarise(of('with', row.page).map((r) => r[row.visit]));
    const versoAdds = {
      scriptMs: round(withVerso.scriptMs! - without.scriptMs!, 1),
      taskMs: round(withVerso.taskMs! - without.taskMs!, 1),
      heapMB: round(withVerso.heapMB! - without.heapMB!, 3),
    };
    const met = Object.fromEntries(
      Object.entries(row.goals).map(([measure, goal]) => [measure, versoAdds[measure as Measure] <= goal]),
    );
    return { key: row.key, name: row.name, goals: row.goals, versoAdds, met, without, with: withVerso };
  });
  const heap = (kind: Kind, pageKey: PageKey) => round(median(of(kind, pageKey).map((r) => r.checks.heapAfterGcMB)), 3);
  const framesRuns = of('with', 'frames');
  const lastFrames = framesRuns[framesRuns.length - 1]?.checks;
  const keyed = args.runs
    .filter((r) => r.keyed)
    .map((r) => ({
      page: r.page,
      serviceUrl: args.services,
      serviceRequests: r.serviceRequests ?? { setup: [], first: [], second: [] },
      otherRequests: r.checks.otherRequests,
      first: summarise([r.first]),
      second: summarise([r.second]),
      framesWithVerso: r.checks.framesWithVerso,
    }));
  return {
    browser: args.browser,
    runs: RUNS,
    readAfterLoadMs: READ_AFTER_MS,
    pages: { plain: `${PARAGRAPHS} paragraphs`, frames: `${PARAGRAPHS} paragraphs and ${FRAMES} same-site iframes` },
    machine: args.machine,
    rows,
    heapAfterGc: {
      plain: { without: heap('without', 'plain'), with: heap('with', 'plain') },
      frames: { without: heap('without', 'frames'), with: heap('with', 'frames') },
    },
    checks: {
      pageFrames: lastFrames?.pageFrames ?? 0,
      oopifTargets: Math.max(0, ...unkeyed.map((r) => r.checks.oopifTargets)),
      framesWithVerso: lastFrames?.framesWithVerso ?? 0,
      plainFramesWithVerso: of('with', 'plain')[0]?.checks.framesWithVerso ?? 0,
      framesWithVersoWithout: Math.max(0, ...of('without', 'frames').map((r) => r.checks.framesWithVerso)),
    },
    keyed,
    otherRequests: unkeyed.flatMap((r) => r.checks.otherRequests),
    contentScripts: contentScriptSizes(),
    perRun: args.runs.map((r) => ({
      kind: r.kind,
      page: r.page,
      keyed: r.keyed,
      first: roundReading(r.first),
      second: roundReading(r.second),
      heapAfterGcMB: round(r.checks.heapAfterGcMB, 3),
    })),
  };
}

function roundReading(r: Reading) {
  return Object.fromEntries(
    FIELDS.map((field) => [field, r[field] === null ? null : round(r[field] as number, digitsOf(field))]),
  );
}

/**
 * The page benchmark's figures as a table, each beside its target and marked met or not: first screen,
 * whole page, the longest main-thread task and tasks over 50 ms (renderer trace), requests against the
 * lower bound, billing, restore and the second visit; then where the main thread's time went.
 */

interface Visit {
  requests: number;
  lowerBound: number;
  requestsPerLowerBound: number | null;
  billedPerUnique: number | null;
  firstScreenMs: number | null;
  wholePageMs: number | null;
  longestTracedTaskMs: number | null;
  longestTracedTaskCpuMs: number | null;
  mostTracedTaskCpuMs: number | null;
  tracedTasksOver50Ms: number;
  tracedBusyMs: number;
  tracedBusyCpuMs: number;
  machineBusyCores: number | null;
  tracedCosts: Array<{ name: string; ms: number; share: number }>;
  restoreExact: boolean;
  longestFirstScreenWaitMs?: number | null;
  longestFirstScreenBlock?: string | null;
  lastAnswerAtMs?: number | null;
  resultMessages?: number;
  shownCost?: {
    attributeCharacters: number;
    hiddenCharacters: number;
    shownUniqueCharacters: number;
    billedPerShown: number | null;
  };
  billedCharacters?: number;
}

interface Reader {
  page: string;
  reader: string;
  requests: number;
  lowerBound: number;
  requestsPerLowerBound: number | null;
  medianTextsPerRequest: number;
  billedPerSeen: number | null;
  firstScreenMs: number | null;
  firstScreenLast: string | null;
  longestUntranslatedMs: number;
}

interface Output {
  latencyMs: number;
  readers?: Reader[];
  machine: { cores: number; loadBefore: Array<number | null>; loadAfter: Array<number | null> };
  results: Array<{ key: string; page: string; loadAverage: number | null; firstVisit: Visit; secondVisit: Visit }>;
}

/** Pages whose whole-page time has a target (the article; the others are shown for comparison). */
const WHOLE_PAGE_TARGET: Record<string, number> = { article: 2000 };

const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');

export function printTable(output: Output): void {
  const screenTarget = output.latencyMs + 150;
  const rows: string[][] = [
    [
      'page',
      'load',
      `first screen (<= ${screenTarget} ms)`,
      'whole page (<= 2000 ms)',
      'longest task (<= 50 ms)',
      'tasks > 50 ms (0)',
      'requests / bound (<= 1.1 or bound + 1)',
      'billed / unique (1.00)',
      'restore',
      '2nd visit requests (0)',
    ],
  ];
  for (const { key, loadAverage, firstVisit: v, secondVisit } of output.results) {
    const screen = v.firstScreenMs;
    const whole = v.wholePageMs;
    const wholeTarget = WHOLE_PAGE_TARGET[key];
    const ratio = v.requestsPerLowerBound ?? 0;
    const requestsOk = ratio <= 1.1 || v.requests <= v.lowerBound + 1;
    rows.push([
      key,
      String(loadAverage ?? ''),
      `${screen ?? '-'} ${mark(screen !== null && screen <= screenTarget)}`,
      `${whole ?? '-'} ${wholeTarget === undefined ? '' : mark(whole !== null && whole <= wholeTarget)}`.trim(),
      `${v.longestTracedTaskMs ?? '-'} ${mark((v.longestTracedTaskMs ?? 0) <= 50)}`,
      `${v.tracedTasksOver50Ms} ${mark(v.tracedTasksOver50Ms === 0)}`,
      `${v.requests} / ${v.lowerBound} (${ratio.toFixed(2)}) ${mark(requestsOk)}`,
      `${v.billedPerUnique ?? '-'} ${mark(v.billedPerUnique === 1)}`,
      mark(v.restoreExact),
      `${secondVisit.requests} ${mark(secondVisit.requests === 0)}`,
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  const { cores, loadBefore, loadAfter } = output.machine;
  console.log(
    `\nPage translation, ${output.latencyMs} ms service latency; ${cores} cores, load average ${loadBefore.join(' ')} before, ${loadAfter.join(' ')} after ("load": the 1-minute figure at each page's start)`,
  );
  console.log(line(rows[0]!));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log(
    '\nPaying for what is read (first visit): billed attribute and hidden text, billed / shown unique (<= 1.05):',
  );
  for (const { key, firstVisit: v } of output.results) {
    const c = v.shownCost;
    if (!c) continue;
    console.log(
      `  ${key}: billed ${v.billedCharacters ?? '-'}, of it attributes ${c.attributeCharacters}, hidden ${c.hiddenCharacters}; shown unique ${c.shownUniqueCharacters}; billed / shown ${c.billedPerShown ?? '-'} ${mark(c.billedPerShown !== null && c.billedPerShown <= 1.05)}`,
    );
  }
  console.log(
    '\nThe requests (first visit): when the last was answered, and the messages that took answers to the page:',
  );
  for (const { key, firstVisit: v } of output.results) {
    console.log(
      `  ${key}: last answer at ${v.lastAnswerAtMs ?? '-'} ms, whole page at ${v.wholePageMs ?? '-'} ms; ${v.resultMessages ?? '-'} messages for ${v.requests} requests`,
    );
  }
  console.log(
    '\nThe main thread on a core (trace thread time; the rest of a task it waited, mostly for a core) and the machine:',
  );
  for (const { key, firstVisit: v } of output.results) {
    console.log(
      `  ${key}: longest task ${v.longestTracedTaskMs ?? '-'} ms, of it ${v.longestTracedTaskCpuMs ?? '-'} ms on a core; most on a core in one task ${v.mostTracedTaskCpuMs ?? '-'} ms; busy ${v.tracedBusyMs} ms, on a core ${v.tracedBusyCpuMs} ms; the machine's ${output.machine.cores} cores ${v.machineBusyCores ?? '-'} busy on average during the visit`,
    );
  }
  const waitTarget = output.latencyMs + 200;
  console.log(
    `\nThe longest first-screen wait (from the trigger, each first-screen block until its translation shows; <= ${waitTarget} ms):`,
  );
  for (const { key, firstVisit: v } of output.results) {
    const wait = v.longestFirstScreenWaitMs;
    console.log(
      `  ${key}: ${wait ?? '-'} ms ${mark(wait !== null && wait !== undefined && wait <= waitTarget)}, "${v.longestFirstScreenBlock ?? ''}"`,
    );
  }
  if (output.readers?.length) {
    console.log(
      `\nReaders (as you read): requests / bound (<= 2), median texts per request, billed / read, first screen (<= ${waitTarget} ms) and its last block, longest untranslated on screen while reading (<= ${output.latencyMs + 150} ms):`,
    );
    for (const r of output.readers) {
      console.log(
        `  ${r.page}, ${r.reader}: ${r.requests} / ${r.lowerBound} (${r.requestsPerLowerBound ?? '-'}), median ${r.medianTextsPerRequest} texts; billed / read ${r.billedPerSeen ?? '-'}; first screen ${r.firstScreenMs === null ? '-' : Math.round(r.firstScreenMs)} ms ("${r.firstScreenLast ?? ''}"); longest untranslated ${Math.round(r.longestUntranslatedMs)} ms`,
      );
    }
  }
  console.log('\nMain-thread time after the trigger (renderer trace, self time; share of the busy time):');
  for (const { key, firstVisit: v } of output.results) {
    const costs = v.tracedCosts.map((c) => `${c.name} ${c.ms} ms (${c.share} %)`).join(', ');
    console.log(`  ${key}: ${v.tracedBusyMs} ms busy; ${costs}`);
  }
}

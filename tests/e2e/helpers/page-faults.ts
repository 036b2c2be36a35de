import type { Page } from '@playwright/test';
import type { RunningService } from '../../../service/testing/service.ts';
import { indicator } from './pages.ts';

// What the page-translation fault specs read from the service's log and the page: how often each
// paragraph was sent, each request's statuses, what the indicator reports as not translated.

/** How many times each of `count` paragraphs is among `texts`. */
export function timesSent(texts: readonly string[], count: number): number[] {
  const times = new Array<number>(count).fill(0);
  for (const text of texts) {
    const match = /^Paragraph (\d+) is/.exec(text);
    if (match) times[Number(match[1])]! += 1;
  }
  return times;
}

/** The page's paragraphs among the texts sent (the tab's title goes with the first request too). */
export const textsOf = (requests: readonly { body: unknown }[]) =>
  requests
    .flatMap((r) => ((r.body as { text?: string[] } | null)?.text ?? []) as string[])
    .filter((text) => text.startsWith('Paragraph '));

/** How often each distinct request (its texts, in order) was sent: a retry sends the same texts again. */
export function sendsPerRequest(requests: readonly string[][]): number[] {
  const sends = new Map<string, number>();
  for (const texts of requests) sends.set(texts.join('\n'), (sends.get(texts.join('\n')) ?? 0) + 1);
  return [...sends.values()];
}

export const statuses = (requests: readonly { status: number | null }[]) => requests.map((r) => r.status);

/** The paragraphs the alert says were not translated ("N parts were not translated."). */
export async function reportedFailed(page: Page): Promise<number> {
  const text = (await indicator(page).getByRole('alert').textContent()) ?? '';
  const match = /(\d+) parts? (?:was|were) not translated/.exec(text);
  return match ? Number(match[1]) : 0;
}

/** `/v2/translate` requests of a service's log, also after it was closed. */
export const translateLog = (service: RunningService) =>
  service.state.control.log.filter((r) => r.path === '/v2/translate');

/** Every one of `count` paragraphs in German. */
export const allGerman = (count: number) => ({ german: count, english: 0 });

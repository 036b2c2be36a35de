/**
 * Figures from the local service's request log: requests sent, the lower bound the service's limits
 * allow for the unique segments (50 texts and 128 KiB per request, per parameter group), and the
 * unique source characters the service should bill.
 */
export interface LoggedTranslate {
  at: string;
  body: Record<string, unknown> | null;
  status: number | null;
  durationMs: number | null;
}

const MAX_TEXTS = 50;
const MAX_BODY_BYTES = 128 * 1024;
/** Parameters that do not change the translation, so they do not make a group of their own. */
const NOT_GROUPING = new Set(['text', 'show_billed_characters']);

const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

/** Characters the service bills for a text: code points outside markup, a character reference as one. */
function billableCharacters(text: string, markup: boolean): number {
  const plain = markup ? text.replace(/<[^>]*>/g, '').replace(/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/gi, '_') : text;
  return Array.from(plain).length;
}

export interface SegmentStats {
  requests: number;
  failedRequests: number;
  uniqueSegments: number;
  lowerBound: number;
  uniqueSourceCharacters: number;
  /** Characters of every text sent, repeats included: above the unique figure when a text went twice. */
  sentSourceCharacters: number;
}

export function segmentStats(requests: readonly LoggedTranslate[]): SegmentStats {
  const groups = new Map<string, { params: Record<string, unknown>; texts: Set<string> }>();
  for (const request of requests) {
    if (request.status !== 200 || !request.body) continue;
    const params = Object.fromEntries(Object.entries(request.body).filter(([key]) => !NOT_GROUPING.has(key)));
    const key = JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)));
    const group = groups.get(key) ?? { params, texts: new Set<string>() };
    for (const text of (request.body.text ?? []) as string[]) group.texts.add(text);
    groups.set(key, group);
  }
  let lowerBound = 0;
  let uniqueSegments = 0;
  let uniqueSourceCharacters = 0;
  let sentSourceCharacters = 0;
  for (const request of requests) {
    if (request.status !== 200 || !request.body) continue;
    const markup = request.body.tag_handling === 'html' || request.body.tag_handling === 'xml';
    for (const text of (request.body.text ?? []) as string[]) sentSourceCharacters += billableCharacters(text, markup);
  }
  for (const { params, texts } of groups.values()) {
    const base = utf8(JSON.stringify({ ...params, show_billed_characters: true, text: [] }));
    let bytes = 0;
    for (const text of texts) bytes += utf8(JSON.stringify(text)) + 1;
    lowerBound += Math.max(Math.ceil(texts.size / MAX_TEXTS), Math.ceil(bytes / (MAX_BODY_BYTES - base)));
    uniqueSegments += texts.size;
    const markup = params.tag_handling === 'html' || params.tag_handling === 'xml';
    for (const text of texts) uniqueSourceCharacters += billableCharacters(text, markup);
  }
  return {
    requests: requests.length,
    failedRequests: requests.filter((r) => r.status !== 200).length,
    uniqueSegments,
    lowerBound,
    uniqueSourceCharacters,
    sentSourceCharacters,
  };
}

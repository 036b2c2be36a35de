import type { Context } from 'hono';
import type { App, AppEnv } from '../http/env.ts';
import { badRequest } from '../http/errors.ts';
import type { ServiceState } from '../stores/state.ts';
import type { UsageRecord } from '../stores/usage.ts';

/**
 * Admin analytics (docs/contract.md §2.9, §4.7) computed from the usage ledger, and the custom-tag report of
 * docs/local-service.md.
 */

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 366;
const TAG_PAGE_SIZE = 10;
const GROUPINGS = ['none', 'key', 'key_and_day'] as const;
type Grouping = (typeof GROUPINGS)[number];

interface DateArg {
  ms: number;
  /** `YYYY-MM-DDTHH:MM:SS`, the shape the report echoes. */
  echo: string;
  dateOnly: boolean;
}

const DATE = /^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d):(\d\d))?$/;

function dateArg(value: string | undefined, name: string): DateArg {
  if (value === undefined || value === '') throw badRequest(`Parameter '${name}' is required`);
  const m = DATE.exec(value);
  const ms = m ? Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}Z`) : Number.NaN;
  // Date.parse rolls 2025-02-30 over to March; a round trip catches it.
  const echo = Number.isNaN(ms) ? '' : new Date(ms).toISOString().slice(0, 19);
  if (!m || echo.slice(0, 10) !== `${m[1]}-${m[2]}-${m[3]}`)
    throw badRequest(`Parameter '${name}' must be a UTC date, YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS`, `got '${value}'`);
  return { ms, echo, dateOnly: m[4] === undefined };
}

/** The half-open range [from, to) the dates cover: a date-only end_date includes that whole day. */
function range(c: Context<AppEnv>): { start: DateArg; end: DateArg; from: number; to: number } {
  const start = dateArg(c.req.query('start_date'), 'start_date');
  const end = dateArg(c.req.query('end_date'), 'end_date');
  if (start.ms > end.ms) throw badRequest('start_date must not be after end_date');
  if (end.ms - start.ms > MAX_RANGE_DAYS * DAY_MS) throw badRequest(`The date range is at most ${MAX_RANGE_DAYS} days`);
  return { start, end, from: start.ms, to: end.dateOnly ? end.ms + DAY_MS : end.ms + 1000 };
}

function recordsIn(state: ServiceState, accountId: string, from: number, to: number): UsageRecord[] {
  return state.usage.records.filter((r) => {
    const at = Date.parse(r.at);
    return r.accountId === accountId && at >= from && at < to;
  });
}

export function usageObject(records: readonly UsageRecord[]) {
  const sum = (service: UsageRecord['service']) =>
    records.filter((r) => r.service === service).reduce((n, r) => n + r.characters, 0);
  const text = sum('text_translation');
  const document = sum('document_translation');
  const improvement = sum('text_improvement');
  return {
    total_characters: text + document + improvement,
    text_translation_characters: text,
    document_translation_characters: document,
    text_improvement_characters: improvement,
    // The ledger holds no voice usage: the local service has no speech-to-text.
    speech_to_text_minutes: 0,
  };
}

/** Masked key text: the first and last four characters of the key id. */
export function maskKeyId(keyId: string): string {
  return `${keyId.slice(0, 4)}…${keyId.slice(-4)}`;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = keyOf(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const dayOf = (r: UsageRecord) => r.at.slice(0, 10);

/** Per key, in key creation order (keys without usage in the range are left out). */
function keyUsages(state: ServiceState, accountId: string, records: UsageRecord[]) {
  const byKey = groupBy(records, (r) => r.keyId);
  return state.accounts.keysOf(accountId).flatMap((key) => {
    const mine = byKey.get(key.keyId);
    return mine ? [{ api_key: maskKeyId(key.keyId), api_key_label: key.label, records: mine }] : [];
  });
}

function keyAndDayUsages(state: ServiceState, accountId: string, records: UsageRecord[]) {
  const rows = keyUsages(state, accountId, records).flatMap(({ records: mine, ...head }) =>
    [...groupBy(mine, dayOf)].map(([day, list]) => ({
      ...head,
      usage_date: `${day}T00:00:00Z`,
      usage: usageObject(list),
    })),
  );
  // Sorting is stable, so keys keep their creation order within a day.
  return rows.sort((a, b) => a.usage_date.localeCompare(b.usage_date));
}

function grouping(value: string | undefined): Grouping {
  if (value === undefined || value === '') return 'none';
  if ((GROUPINGS as readonly string[]).includes(value)) return value as Grouping;
  throw badRequest(`Parameter 'group_by' must be one of ${GROUPINGS.join(', ')}`);
}

function page(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  if (!/^\d+$/.test(value)) throw badRequest("Parameter 'page' must be an integer of 0 or more");
  return Number(value);
}

export function register(app: App, state: ServiceState): void {
  app.get('/v2/admin/analytics', (c) => {
    const { start, end, from, to } = range(c);
    const groupByValue = grouping(c.req.query('group_by'));
    const accountId = c.get('account').id;
    const records = recordsIn(state, accountId, from, to);
    return c.json({
      usage_report: {
        total_usage: usageObject(records),
        group_by: groupByValue,
        start_date: start.echo,
        end_date: end.echo,
        ...(groupByValue === 'key'
          ? {
              key_usages: keyUsages(state, accountId, records).map(({ records: mine, ...head }) => ({
                ...head,
                usage: usageObject(mine),
              })),
            }
          : {}),
        ...(groupByValue === 'key_and_day' ? { key_and_day_usages: keyAndDayUsages(state, accountId, records) } : {}),
      },
    });
  });

  // The reference report: {custom_tag_usage_report: {aggregate_by, start_date, end_date, next_page, usage:
  // [{custom_tag, usage_date?, breakdown}]}}; next_page is null on the last page. Like the reference API,
  // it covers text translation and text improvement (document usage is not reported by tag).
  app.get('/v2/admin/analytics/custom-tags', (c) => {
    const { start, end, from, to } = range(c);
    const aggregate = c.req.query('aggregate_by') || 'period';
    if (aggregate !== 'period' && aggregate !== 'day')
      throw badRequest("Parameter 'aggregate_by' must be 'period' or 'day'");
    const wanted = page(c.req.query('page'));
    const tagged = recordsIn(state, c.get('account').id, from, to).filter(
      (r) => r.tag !== undefined && r.service !== 'document_translation',
    );
    const rows = [...groupBy(tagged, (r) => (aggregate === 'day' ? `${r.tag}\u0000${dayOf(r)}` : (r.tag ?? '')))]
      .map(([, list]) => {
        const first = list[0]!;
        return {
          custom_tag: first.tag ?? '',
          ...(aggregate === 'day' ? { usage_date: `${dayOf(first)}T00:00:00Z` } : {}),
          breakdown: tagBreakdown(list),
        };
      })
      .sort(
        (a, b) => a.custom_tag.localeCompare(b.custom_tag) || (a.usage_date ?? '').localeCompare(b.usage_date ?? ''),
      );
    const slice = rows.slice(wanted * TAG_PAGE_SIZE, (wanted + 1) * TAG_PAGE_SIZE);
    const more = rows.length > (wanted + 1) * TAG_PAGE_SIZE;
    return c.json({
      custom_tag_usage_report: {
        aggregate_by: aggregate,
        start_date: start.echo,
        end_date: end.echo,
        next_page: more ? wanted + 1 : null,
        usage: slice,
      },
    });
  });
}

/** Characters of one tag (or tag and day): the reference breakdown has no document or speech counts. */
function tagBreakdown(records: readonly UsageRecord[]) {
  const { text_translation_characters, text_improvement_characters } = usageObject(records);
  return {
    total_characters: text_translation_characters + text_improvement_characters,
    text_translation_characters,
    text_improvement_characters,
  };
}

import { z } from 'zod';

export interface KeyLimits {
  /** null: unlimited; 0: the key is blocked (docs/contract.md §4.6 rule 4). */
  characters: number | null;
  speech_to_text_milliseconds?: number | null;
}

export type AnalyticsGrouping = 'key' | 'key_and_day';

export interface AnalyticsParams {
  /** UTC, `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS`. */
  start_date: string;
  end_date: string;
  group_by?: AnalyticsGrouping;
}

export interface CustomTagAnalyticsParams {
  start_date: string;
  end_date: string;
  aggregate_by?: 'period' | 'day';
  page?: number;
}

export const DeveloperKey = z.looseObject({
  key_id: z.string(),
  label: z.string(),
  creation_time: z.string(),
  /** null (or absent) while the key is active: the reference description's default is null. */
  deactivated_time: z.string().nullish(),
  is_deactivated: z.boolean(),
  usage_limits: z
    .looseObject({
      characters: z.number().int().nullable().optional(),
      speech_to_text_milliseconds: z.number().int().nullable().optional(),
    })
    .optional(),
  /** The secret, shown once on creation where the service returns it (docs/contract.md §2.8 leaves it open). */
  key: z.string().optional(),
});
export type DeveloperKey = z.infer<typeof DeveloperKey>;

export const DeveloperKeyList = z.array(DeveloperKey);

export const UsageTotals = z.looseObject({
  total_characters: z.number(),
  text_translation_characters: z.number(),
  document_translation_characters: z.number(),
  text_improvement_characters: z.number(),
  speech_to_text_minutes: z.number().optional(),
});
export type UsageTotals = z.infer<typeof UsageTotals>;

export const KeyUsage = z.looseObject({
  api_key: z.string(),
  api_key_label: z.string().optional(),
  usage: UsageTotals,
});

export const KeyAndDayUsage = KeyUsage.extend({ usage_date: z.string() });

const UsageReportFields = z.looseObject({
  total_usage: UsageTotals,
  group_by: z.string().optional(),
  start_date: z.string(),
  end_date: z.string(),
  key_usages: z.array(KeyUsage).optional(),
  key_and_day_usages: z.array(KeyAndDayUsage).optional(),
});

/**
 * The 3.5.0 reference description names the per-key array `grouped_usage`; its changelog corrects that to
 * `key_usages` / `key_and_day_usages`. A report carrying only `grouped_usage` is read as the array of its
 * grouping (rows with a `usage_date` are per day).
 */
export const UsageReport = z.preprocess((value) => {
  if (typeof value !== 'object' || value === null) return value;
  const report = value as Record<string, unknown>;
  const grouped = report.grouped_usage;
  if (!Array.isArray(grouped) || report.key_usages || report.key_and_day_usages) return value;
  const perDay =
    report.group_by === 'key_and_day' ||
    (report.group_by === undefined && grouped.some((r) => typeof r === 'object' && r !== null && 'usage_date' in r));
  return { ...report, [perDay ? 'key_and_day_usages' : 'key_usages']: grouped };
}, UsageReportFields);
export type UsageReport = z.infer<typeof UsageReportFields>;

export const AnalyticsResponse = z.looseObject({ usage_report: UsageReport });

/**
 * Characters of one custom tag (reference API: text translation and text improvement only). The other
 * two counts are 0 when absent; `total_characters` must be there.
 */
export const CustomTagBreakdown = z.looseObject({
  total_characters: z.number(),
  text_translation_characters: z.number().default(0),
  text_improvement_characters: z.number().default(0),
  speech_to_text_minutes: z.number().optional(),
});
export type CustomTagBreakdown = z.infer<typeof CustomTagBreakdown>;

export const CustomTagUsage = z.looseObject({
  custom_tag: z.string(),
  /** Only with `aggregate_by=day`. */
  usage_date: z.string().optional(),
  breakdown: CustomTagBreakdown,
});
export type CustomTagUsage = z.infer<typeof CustomTagUsage>;

/** The `custom_tag_usage_report` of `GET /v2/admin/analytics/custom-tags`: one page of rows. */
export const CustomTagPage = z.looseObject({
  aggregate_by: z.string().optional(),
  start_date: z.string().optional(),
  end_date: z.string().optional(),
  /** null (or absent) on the last page. */
  next_page: z.number().int().nonnegative().nullish(),
  usage: z.array(CustomTagUsage),
});
export type CustomTagPage = z.infer<typeof CustomTagPage>;

export const CustomTagAnalyticsResponse = z.looseObject({ custom_tag_usage_report: CustomTagPage });

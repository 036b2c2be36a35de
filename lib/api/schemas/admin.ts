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
  deactivated_time: z.string().optional(),
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

export const UsageReport = z.looseObject({
  total_usage: UsageTotals,
  group_by: z.string().optional(),
  start_date: z.string(),
  end_date: z.string(),
  key_usages: z.array(KeyUsage).optional(),
  key_and_day_usages: z.array(KeyAndDayUsage).optional(),
});
export type UsageReport = z.infer<typeof UsageReport>;

export const AnalyticsResponse = z.looseObject({ usage_report: UsageReport });

export const CustomTagUsage = z.looseObject({
  custom_tag: z.string(),
  usage_date: z.string().optional(),
  usage: UsageTotals,
});
export type CustomTagUsage = z.infer<typeof CustomTagUsage>;

export const CustomTagPage = z.looseObject({
  custom_tag_usages: z.array(CustomTagUsage),
  /** Absent (or null) on the last page. */
  next_page: z.number().int().nonnegative().nullish(),
});
export type CustomTagPage = z.infer<typeof CustomTagPage>;

import { z } from 'zod';
import type { CustomTagPage, DeveloperKey, UsageReport } from '../../api/index.ts';
import { defineMessage } from '../../messaging/define.ts';

const KeyId = z.string().min(1).max(300);
const Label = z.string().trim().min(1).max(1024);
/** null: no limit; 0: the key is blocked (docs/contract.md §4.6 rule 4). */
const Limit = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).nullable();
const DateText = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2})?$/, 'A date is YYYY-MM-DD');

export const Grouping = z.enum(['none', 'key', 'key_and_day']);
export type Grouping = z.infer<typeof Grouping>;

export interface AdminStatus {
  /** An admin key is saved; without one the console only explains how to set it. */
  configured: boolean;
}

/** The admin console (options, "Admin"). Every call uses the admin key, in the background only. */
export const adminMessages = {
  'admin.status': defineMessage<AdminStatus>()('pages', z.object({}).optional()),
  'admin.keys.list': defineMessage<DeveloperKey[]>()('pages', z.object({}).optional()),
  /** The answer may carry `key`, the secret, shown once. */
  'admin.keys.create': defineMessage<DeveloperKey>()('pages', z.object({ label: Label.optional() })),
  'admin.keys.rename': defineMessage<DeveloperKey>()('pages', z.object({ keyId: KeyId, label: Label })),
  'admin.keys.limits': defineMessage<DeveloperKey>()(
    'pages',
    z.object({ keyId: KeyId, characters: Limit, speechToTextMilliseconds: Limit.optional() }),
  ),
  /** Permanent. */
  'admin.keys.deactivate': defineMessage<DeveloperKey>()('pages', z.object({ keyId: KeyId })),
  'admin.analytics': defineMessage<UsageReport>()(
    'pages',
    z.object({ startDate: DateText, endDate: DateText, groupBy: Grouping }),
  ),
  'admin.customTags': defineMessage<CustomTagPage>()(
    'pages',
    z.object({
      startDate: DateText,
      endDate: DateText,
      aggregateBy: z.enum(['period', 'day']),
      page: z.number().int().nonnegative().optional(),
    }),
  ),
};

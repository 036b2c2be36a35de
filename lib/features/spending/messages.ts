import { z } from 'zod';
import { defineMessage } from '../../messaging/define.ts';
import type { DayTotals, Held, SpendingLimits } from './guard.ts';
import { SpendingLimits as LimitsSchema } from './guard.ts';

export interface SpendingStatus {
  limits: SpendingLimits;
  defaults: SpendingLimits;
  held: Held[];
  today: DayTotals;
  /** The site of the tab asked about (the popup's), if it has one. */
  site?: string;
}

const Site = z.string().min(1).max(300);

export const spendingMessages = {
  /** What Verso spent today, what it holds back and the limits; with `tabId`, that tab's site too. */
  'spending.status': defineMessage<SpendingStatus>()(
    'pages',
    z.object({ tabId: z.number().int().optional() }).optional(),
  ),
  /** The person says go on: the site (null: Verso's own pages) may spend again. */
  'spending.continue': defineMessage<null>()('pages', z.object({ site: Site.nullable() })),
  /** New limits from the settings page; `reset` puts back the defaults. */
  'spending.setLimits': defineMessage<SpendingLimits>()(
    'pages',
    z.union([LimitsSchema.partial().strict(), z.object({ reset: z.literal(true) })]),
  ),
};

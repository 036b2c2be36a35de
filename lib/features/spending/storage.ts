import { storage } from 'wxt/utils/storage';
import { type DayTotals, DEFAULT_LIMITS, type GuardState, type SpendingLimits } from './guard.ts';

/** The buckets and holds: session storage, so a worker restart keeps them and a new browser session starts afresh. */
export const guardStateItem = storage.defineItem<GuardState | null>('session:spendingGuard', { fallback: null });

/** Today's spending by site and feature, for the settings page (numbers and host names only, never text). */
export const dayTotalsItem = storage.defineItem<DayTotals | null>('local:spendingToday', { fallback: null });

/** The person's limits (settings, "Spending"). */
export const spendingLimitsItem = storage.defineItem<SpendingLimits>('local:spendingLimits', {
  fallback: DEFAULT_LIMITS,
});

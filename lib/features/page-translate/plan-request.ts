import type { ErrorInfo, Result } from '../../messaging/result.ts';
import { t } from '../../ui/i18n.ts';
import type { PagePlan } from './messages.ts';

/** The worker stopped twice before it answered with the page's plan (`askForPlan`). */
const planLost = (): ErrorInfo => ({
  name: 'PlanLost',
  code: 'plan_lost',
  message: t('pagePlanLost', 'Verso stopped before the page was ready: try again.'),
});

/** The browser's words for a message no worker received (Chrome and Firefox alike). */
const NOT_DELIVERED = /receiving end does not exist/i;
/** Pauses before a message that was not delivered is sent again (a worker going down, then starting). */
const DELIVERY_PAUSES_MS = [50, 100, 200, 400, 800, 1600];

/**
 * The page's plan from the worker. A worker stopped while preparing takes its answer with it: the
 * message rejects (the browser closes its channel). The plan is asked for again once, which starts a
 * new worker; lost twice, the page says so, and "Try again" begins anew, instead of preparing for good.
 * Right after a stop the browser may still refuse to deliver (no worker listens while one goes down):
 * that message never reached a worker, so it is sent again after a short pause, a few times.
 */
export async function askForPlan(
  prepare: () => Promise<Result<PagePlan>>,
  disposed: () => boolean,
): Promise<Result<PagePlan>> {
  let lost = 0;
  let pauses = 0;
  for (;;) {
    try {
      return await prepare();
    } catch (e) {
      if (disposed()) return { ok: false, error: planLost() };
      if (NOT_DELIVERED.test(String(e)) && pauses < DELIVERY_PAUSES_MS.length) {
        await new Promise((resolve) => setTimeout(resolve, DELIVERY_PAUSES_MS[pauses++]));
        continue;
      }
      if (++lost > 1) return { ok: false, error: planLost() };
    }
  }
}

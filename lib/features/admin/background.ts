import { adminClient } from '../../background/client.ts';
import { handle } from '../../messaging/handle.ts';
import { getCredentials } from '../../settings/credentials.ts';

/**
 * The admin console's handlers: developer keys and analytics with the organisation admin key, which
 * never leaves the background. Range limits are checked by the client before anything is sent.
 */
export function setUpAdmin(): void {
  handle('admin.status', async () => ({ configured: (await getCredentials()).adminKey !== '' }));
  handle('admin.keys.list', async () => (await adminClient()).listDeveloperKeys());
  handle('admin.keys.create', async ({ label }) => (await adminClient()).createDeveloperKey(label ? { label } : {}));
  handle('admin.keys.rename', async ({ keyId, label }) => (await adminClient()).renameDeveloperKey(keyId, label));
  handle('admin.keys.limits', async ({ keyId, characters, speechToTextMilliseconds }) =>
    (await adminClient()).setDeveloperKeyLimits(keyId, {
      characters,
      ...(speechToTextMilliseconds !== undefined ? { speech_to_text_milliseconds: speechToTextMilliseconds } : {}),
    }),
  );
  handle('admin.keys.deactivate', async ({ keyId }) => (await adminClient()).deactivateDeveloperKey(keyId));
  handle('admin.analytics', async ({ startDate, endDate, groupBy }) =>
    (await adminClient()).getAnalytics({
      start_date: startDate,
      end_date: endDate,
      ...(groupBy === 'none' ? {} : { group_by: groupBy }),
    }),
  );
  handle('admin.customTags', async ({ startDate, endDate, aggregateBy, page }) =>
    (await adminClient()).getCustomTagAnalytics({
      start_date: startDate,
      end_date: endDate,
      aggregate_by: aggregateBy,
      ...(page !== undefined ? { page } : {}),
    }),
  );
}

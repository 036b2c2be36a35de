import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { TestService } from './fixtures.ts';
import { expect, test } from './fixtures.ts';

interface DevKey {
  key_id: string;
  label: string;
  is_deactivated: boolean;
  usage_limits: { characters: number | null; speech_to_text_milliseconds: number | null };
}

async function listKeys(svc: TestService): Promise<DevKey[]> {
  return (await svc.api('GET', '/v2/admin/developer-keys', svc.adminKey)).json() as Promise<DevKey[]>;
}

test.describe('admin console', () => {
  test('without an admin key it explains where to enter one', async ({ configure, openExtensionPage }) => {
    await configure();
    const page = await openExtensionPage('options.html#admin');
    await expect(page.getByText('needs an organisation admin key')).toBeVisible();
    await page.getByRole('link', { name: 'Open Connection' }).click();
    await expect(page.getByLabel('Admin key')).toBeVisible();
  });

  test('an admin creates, renames, limits and deactivates a developer key', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure({ adminKey: svc.adminKey });
    const page = await openExtensionPage('options.html#admin');
    await expect(page.getByText('1 of 25 active keys.')).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Verso default key' })).toContainText('Active');

    await page.getByLabel('Label of the new key').fill('CI robot');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secretBox = page.getByRole('region', { name: 'Copy the new key now' });
    await expect(secretBox).toContainText('only time');
    const secret = (await secretBox.locator('code').textContent())?.trim() ?? '';
    expect(secret).not.toBe('');
    // The secret is a working key.
    expect((await svc.api('GET', '/v2/usage', secret)).status).toBe(200);
    await secretBox.getByRole('button', { name: 'I have stored it' }).click();
    await expect(secretBox).toHaveCount(0);
    await expect(page.getByText('2 of 25 active keys.')).toBeVisible();

    // Rename.
    const robot = page.getByRole('listitem', { name: 'CI robot', exact: true });
    await robot.getByRole('button', { name: 'Rename' }).click();
    await robot.getByLabel('New label').fill('CI robot (nightly)');
    await robot.getByRole('button', { name: 'Save label' }).click();
    const nightly = page.getByRole('listitem', { name: 'CI robot (nightly)' });
    await expect(nightly).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Key renamed to "CI robot (nightly)".' })).toBeVisible();

    // Limits: a typo is caught before sending, then a number and a speech limit are saved.
    await nightly.getByRole('button', { name: 'Set limits' }).click();
    const characters = nightly.getByLabel('Character limit');
    await characters.fill('lots');
    await nightly.getByRole('button', { name: 'Save limits' }).click();
    await expect(nightly.getByRole('alert')).toContainText('whole number');
    await characters.fill('1,000');
    await nightly.getByLabel('Speech-to-text limit (milliseconds)').fill('60000');
    await nightly.getByRole('button', { name: 'Save limits' }).click();
    await expect(nightly).toContainText('Characters: 1,000 characters. Speech to text: 60,000 ms.');
    let onService = (await listKeys(svc)).find((k) => k.label === 'CI robot (nightly)');
    expect(onService?.usage_limits).toEqual({ characters: 1000, speech_to_text_milliseconds: 60000 });

    // 0 blocks the key: the service refuses its translations.
    await nightly.getByRole('button', { name: 'Set limits' }).click();
    await nightly.getByLabel('Character limit').fill('0');
    await nightly.getByRole('button', { name: 'Save limits' }).click();
    await expect(nightly).toContainText('Characters: blocked (0)');
    const blocked = await svc.api('POST', '/v2/translate', secret, { text: ['Hi'], target_lang: 'DE' });
    expect(blocked.status).toBe(456);
    // Empty removes the limit.
    await nightly.getByRole('button', { name: 'Set limits' }).click();
    await nightly.getByLabel('Character limit').fill('');
    await nightly.getByRole('button', { name: 'Save limits' }).click();
    await expect(nightly).toContainText('Characters: no limit');
    onService = (await listKeys(svc)).find((k) => k.label === 'CI robot (nightly)');
    expect(onService?.usage_limits.characters).toBeNull();

    // Deactivate: permanent, so the label must be typed first.
    await nightly.getByRole('button', { name: 'Deactivate' }).click();
    await expect(nightly).toContainText('Deactivation is permanent.');
    const confirm = nightly.getByRole('button', { name: 'Deactivate permanently' });
    await expect(confirm).toBeDisabled();
    const typed = nightly.getByLabel(/Type the key's label/);
    await typed.fill('CI robot');
    await expect(confirm).toBeDisabled();
    await typed.fill('CI robot (nightly)');
    await confirm.click();
    await expect(nightly).toContainText('Deactivated');
    await expect(nightly.getByRole('button', { name: 'Rename' })).toHaveCount(0);
    await expect(page.getByText('1 of 25 active keys.')).toBeVisible();

    // The service refuses the deactivated key at once.
    expect((await svc.api('GET', '/v2/usage', secret)).status).toBe(403);
    onService = (await listKeys(svc)).find((k) => k.label === 'CI robot (nightly)');
    expect(onService?.is_deactivated).toBe(true);
  });

  test('the 25-active-keys cap is shown before it bites, and Create is disabled at 25 with the reason', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure({ adminKey: svc.adminKey });
    for (let i = 1; i <= 23; i++) {
      expect((await svc.api('POST', '/v2/admin/developer-keys', svc.adminKey, { label: `Build ${i}` })).status).toBe(
        200,
      );
    }
    const page = await openExtensionPage('options.html#admin');
    await expect(page.getByText('24 of 25 active keys.')).toContainText('1 more can be created');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('25 of 25 active keys.')).toContainText('deactivate one to create another');
    await expect(page.getByRole('button', { name: 'Create key' })).toBeDisabled();
    // The key made without a label has the service's default one.
    await expect(page.getByRole('listitem', { name: 'Service API Key' })).toBeVisible();

    const build1 = (await listKeys(svc)).find((k) => k.label === 'Build 1');
    await svc.api('PUT', '/v2/admin/developer-keys/deactivate', svc.adminKey, { key_id: build1?.key_id });
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await expect(page.getByText('24 of 25 active keys.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create key' })).toBeEnabled();
  });

  test('analytics: a chart and a table of usage made in the test, CSV export, tags page by page', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure({ adminKey: svc.adminKey });
    // Usage first: a document through the extension (tagged verso-document), then tagged text requests.
    const docs = await openExtensionPage('documents.html');
    await docs.getByLabel('Translate into').selectOption({ label: 'German' });
    await docs.getByLabel('File to translate').setInputFiles({
      name: 'brief.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('A short brief for the team.'),
    });
    await docs.getByRole('button', { name: 'Translate document' }).click();
    await expect(docs.getByRole('listitem').filter({ hasText: 'brief.txt' })).toContainText('Done');
    for (let i = 1; i <= 11; i++) {
      const res = await fetch(`${svc.url}/v2/translate`, {
        method: 'POST',
        headers: {
          Authorization: `Service-Auth-Key ${svc.paidKey}`,
          'content-type': 'application/json',
          'X-Service-Reporting-Tag': `campaign-${String(i).padStart(2, '0')}`,
        },
        body: JSON.stringify({ text: ['Hello'], target_lang: 'DE' }),
      });
      expect(res.status).toBe(200);
    }

    const page = await openExtensionPage('options.html#admin');
    // A range the service would refuse is caught before sending.
    await page.getByLabel('From (UTC)').fill('2020-01-01');
    await page.getByRole('button', { name: 'Show usage' }).click();
    await expect(page.getByRole('alert')).toContainText('at most 366 days');
    expect(await svc.requests('/v2/admin/analytics')).toHaveLength(0);

    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From (UTC)').fill(today);
    await page.getByLabel('To (UTC)').fill(today);
    await page.getByLabel('Group by').selectOption({ label: 'Key and day' });
    await page.getByRole('button', { name: 'Show usage' }).click();

    const table = page.getByRole('table', { name: 'Characters by service' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(1);
    // The day is shown as an English UI writes a date ("Nov 24, 2026"), in UTC as the service counts.
    const todayShown = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(today));
    await expect(rows.first()).toContainText(todayShown);
    await expect(rows.first()).toContainText('Verso default key');
    // 27 document characters and 11 x 5 text characters.
    await expect(rows.first()).toContainText('82');
    const canvas = page.getByRole('img', { name: /Characters per day by service/ });
    await expect(canvas).toBeVisible();
    await expect(canvas).toHaveAttribute('aria-label', new RegExp(`${today} to ${today}: 82 in all`));
    // Something was drawn.
    const painted = await canvas.evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? [];
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++;
      return n;
    });
    expect(painted).toBeGreaterThan(100);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await downloading).path())!, 'utf8');
    const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
    expect(parsed).toEqual([
      expect.objectContaining({
        date: today,
        api_key_label: 'Verso default key',
        total_characters: '82',
        document_translation_characters: '27',
        text_translation_characters: '55',
      }),
    ]);

    // Per key, one request for the table and one for the chart over time.
    await svc.clearRequests();
    await page.getByLabel('Group by').selectOption({ label: 'Key' });
    await page.getByRole('button', { name: 'Show usage' }).click();
    await expect(table.locator('thead')).not.toContainText('Date');
    const reports = (await svc.requests('/v2/admin/analytics')).filter((r) => r.path === '/v2/admin/analytics');
    const groups = reports.map((r) => r.query.group_by);
    expect(groups.sort()).toEqual(['key', 'key_and_day']);

    // Custom tags: the 11 campaigns, ten a page (document usage is not reported by tag, as in the
    // reference API, so verso-document has no row).
    const tags = page.getByRole('table', { name: /^Page \d/ });
    await expect(tags).toHaveAccessibleName('Page 1');
    await expect(tags.locator('tbody tr')).toHaveCount(10);
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(tags).toHaveAccessibleName('Page 2');
    await expect(tags.locator('tbody tr')).toHaveCount(1);
    await expect(tags.locator('tbody tr')).toContainText(['campaign-11']);
    await expect(tags.locator('thead th')).toHaveText(['Tag', 'Total', 'Text translation', 'Text improvement']);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(tags).toHaveAccessibleName('Page 1');
    const tagRequests = (await svc.requests('/v2/admin/analytics/custom-tags')).map((r) => r.query.page ?? 'first');
    expect(tagRequests).toEqual(['first', '1', 'first']);
  });
});

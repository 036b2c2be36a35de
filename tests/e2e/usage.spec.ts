import type { TestService } from './fixtures.ts';
import { expect, test } from './fixtures.ts';
import { limitPaidKey } from './helpers/service.ts';

async function translate(svc: TestService, characters: number) {
  const res = await svc.api('POST', '/v2/translate', svc.paidKey, {
    text: ['a'.repeat(characters)],
    target_lang: 'DE',
  });
  return res.status;
}

test.describe('usage meter', () => {
  test('the popup shows key and account usage, warns at 80 % and alerts at 100 %, in words', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    await limitPaidKey(svc, 100);
    const popup = await openExtensionPage('popup.html');
    const keyMeter = popup.getByRole('meter', { name: 'This API key' });
    await expect(keyMeter).toHaveAttribute('aria-valuetext', '0 of 100 characters used (0%)');
    await expect(popup.getByText('of 1,000,000,000 characters used')).toBeVisible();
    await expect(popup.getByRole('alert')).toHaveCount(0);

    expect(await translate(svc, 85)).toBe(200);
    await popup.getByRole('button', { name: 'Refresh' }).click();
    await expect(keyMeter).toHaveAttribute('aria-valuetext', '85 of 100 characters used (85%)');
    await expect(popup.getByRole('status').filter({ hasText: 'Warning: 85% of this limit is used.' })).toBeVisible();

    expect(await translate(svc, 15)).toBe(200);
    // The service now refuses more: the meter says so before anyone tries.
    expect(await translate(svc, 1)).toBe(456);
    await popup.getByRole('button', { name: 'Refresh' }).click();
    await expect(popup.getByRole('alert')).toContainText('Limit reached');
    await expect(keyMeter).toHaveAttribute('aria-valuetext', '100 of 100 characters used (100%)');
  });

  test('a key without a limit reads as such, and the options show the same meter', async ({
    configure,
    openExtensionPage,
    svc,
  }) => {
    await configure();
    expect(await translate(svc, 40)).toBe(200);
    const options = await openExtensionPage('options.html#usage');
    await expect(options.getByRole('heading', { name: 'Usage', exact: true })).toBeVisible();
    await expect(options.getByText('40 characters used, no limit')).toBeVisible();
    await expect(options.getByRole('meter', { name: 'Whole account' })).toHaveAttribute(
      'aria-valuetext',
      '40 of 1,000,000,000 characters used (0%)',
    );
    await expect(options.getByText(/^Period: /)).toBeVisible();
  });

  test('a free key shows its account only', async ({ configure, openExtensionPage, svc }) => {
    await configure({ apiKey: svc.freeKey });
    const popup = await openExtensionPage('popup.html');
    await expect(popup.getByRole('meter', { name: 'Whole account' })).toHaveAttribute(
      'aria-valuetext',
      '0 of 500,000 characters used (0%)',
    );
    await expect(popup.getByRole('meter', { name: 'This API key' })).toHaveCount(0);
  });

  test('without a key the meter says what to do', async ({ openExtensionPage, svc }) => {
    void svc;
    const popup = await openExtensionPage('popup.html');
    await expect(popup.getByRole('alert').filter({ hasText: 'No key yet' })).toBeVisible();
  });
});

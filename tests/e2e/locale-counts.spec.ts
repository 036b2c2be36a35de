import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchWithExtension } from './browser.ts';
import { expect, test } from './fixtures.ts';
import { optionsAfterWelcome } from './helpers/options.ts';
import { connectTo, limitPaidKey } from './helpers/service.ts';

const russian = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../public/_locales/ru/messages.json'), 'utf8'),
) as Record<string, { message: string }>;
/** A plain (uncounted) Russian UI text, for finding controls by their names. */
const ru = (key: string, ...subs: string[]) =>
  russian[key]!.message.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');

/** Russian writes a no-break space between thousands and before the percent sign. */
const nbsp = '\u00a0';

// A browser of its own, in Russian: counts take the one/few/many form, numbers and percentages Russian spacing.
test.describe('options in a Russian browser', () => {
  test('a glossary of 1 entry and one of 5, and the share of a limit used, read as Russian writes them', async ({
    svc,
  }) => {
    for (const [name, count] of [
      ['Одна запись', 1],
      ['Пять записей', 5],
    ] as const) {
      const entries = Array.from({ length: count }, (_, i) => `term ${i + 1}\tBegriff ${i + 1}`).join('\n');
      const res = await svc.api('POST', '/v3/glossaries', svc.paidKey, {
        name,
        dictionaries: [{ source_lang: 'en', target_lang: 'de', entries }],
      });
      expect(res.status).toBe(201);
    }
    await limitPaidKey(svc, 1000);
    const used = await svc.api('POST', '/v2/translate', svc.paidKey, { text: ['a'.repeat(855)], target_lang: 'DE' });
    expect(used.status).toBe(200);

    const context = await launchWithExtension({ locale: 'ru-RU' });
    try {
      await connectTo(context, svc);
      const page = await optionsAfterWelcome(context, 'glossaries');

      const deleteText = async (name: string) => {
        await page.getByRole('button', { name, exact: true }).click();
        await page.getByRole('button', { name: ru('glDeleteConfirm') }).click();
        const dialog = page.getByRole('dialog', { name: ru('glDeleteTitle', name) });
        await expect(dialog).toBeVisible();
        const text = await dialog.textContent();
        // Escape cancels: nothing is deleted.
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        return text;
      };
      expect(await deleteText('Одна запись')).toContain('Все его словари (1 запись) будут удалены из службы.');
      await page.getByRole('button', { name: ru('glBack') }).click();
      expect(await deleteText('Пять записей')).toContain('Все его словари (5 записей) будут удалены из службы.');
      expect((await svc.requests('/v3/glossaries')).filter((r) => r.method === 'DELETE')).toEqual([]);

      await page.goto(page.url().replace(/#.*$/, '#usage'));
      const meter = page.getByRole('meter', { name: ru('usageKey') });
      // 855 of 1,000 is 85.5 %: shown rounded down, never more than is used.
      await expect(meter).toHaveAttribute(
        'aria-valuetext',
        `Использовано 855 из 1${nbsp}000 ${ru('usageCharacters')} (85${nbsp}%)`,
      );
      await expect(page.getByRole('status').filter({ hasText: 'Внимание' })).toHaveText(
        `Внимание: использовано 85${nbsp}% этого лимита.`,
      );
    } finally {
      await context.close();
    }
  });
});

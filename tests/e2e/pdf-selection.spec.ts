import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { openInReader, servePdfs } from './helpers/pdf.ts';
import { bubble, selectionButton } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

// A selection in Verso's PDF reader works as on a web page: the button, the bubble, the neighbouring
// lines as context, counted against the PDF's site.

test.beforeEach(async ({ context, configure, background }) => {
  await configure();
  await setPreferences(background, { targetLang: 'de' });
  await servePdfs(context);
});

/** Drags the mouse across a line of the text layer, as a person selects it. */
async function dragAcross(page: Page, text: string) {
  const line = page.locator('.page[data-page-number="1"] .textLayer span', { hasText: text }).first();
  const box = (await line.boundingBox())!;
  await page.mouse.move(box.x + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

test('the selection button and bubble translate a line of the PDF, with its neighbours as context', async ({
  context,
  extensionId,
  svc,
}) => {
  const page = await openInReader(context, extensionId, 'paper', { openRoots: true });
  await dragAcross(page, 'This paper describes a simple method');
  await expect(selectionButton(page)).toBeVisible();
  expect(await svc.requests('/v2/translate')).toHaveLength(0);
  await selectionButton(page).click();
  await expect(bubble(page).locator('.result')).toContainText(toGerman('This paper describes a simple method'));
  const [request, ...more] = await svc.requests('/v2/translate');
  expect(more).toHaveLength(0);
  expect(request?.body?.text).toEqual(['This paper describes a simple method']);
  expect(String(request?.body?.context)).toContain('that finds the gutter between the col');
});

import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { seriousViolations } from './helpers/a11y.ts';
import { toGerman } from './helpers/german.ts';
import { pressTranslatePage } from './helpers/pages.ts';
import { clickTranslateSelection, ORIGIN, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';
import { openPanelAsTab } from './helpers/sidepanel.ts';

const ARTICLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Harbour</title></head>
<body>
  <p id="one">The harbour was full of small boats.</p>
  <p id="two">A storm was coming from the north.</p>
</body></html>`;
const URL = `${ORIGIN}/harbour.html`;

test.describe('history', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
  });

  test('keeps selections and quick translations, not page translations; searched, downloaded, cleared', async ({
    page,
    context,
    extensionId,
    background,
    openExtensionPage,
  }) => {
    await serve(page, { '/harbour.html': ARTICLE });
    await page.goto(URL);
    // A selection, translated from the right-click menu: its bubble.
    await page.locator('#one').click({ clickCount: 3 });
    await clickTranslateSelection(background, URL);
    await expect(page.getByRole('dialog', { name: 'Translation' })).toContainText(toGerman('small boats'));
    // The popup's quick translate.
    const popup = await openExtensionPage('popup.html');
    await popup.getByLabel('Text to translate').fill('Good morning, sailor.');
    await popup.getByLabel('Text to translate').press('Control+Enter');
    await expect(popup.getByRole('region', { name: 'Translation' })).toContainText(toGerman('Good morning'));
    await popup.close();
    // The whole page: not history.
    await page.bringToFront();
    await pressTranslatePage(background, URL);
    await expect(page.locator('#two')).toHaveText(toGerman('A storm was coming from the north.'));

    const panel = await openPanelAsTab(context, extensionId);
    const list = panel.getByRole('list', { name: 'Translations kept' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    // Newest first: the popup's text, then the selection with its site.
    await expect(list.getByRole('listitem').nth(0)).toContainText('Good morning, sailor.');
    await expect(list.getByRole('listitem').nth(1)).toContainText('The harbour was full of small boats.');
    await expect(list.getByRole('listitem').nth(1)).toContainText('127.0.0.1');
    await expect(list).not.toContainText('storm');

    // Searched by the translation's words.
    await panel.getByLabel('Search the history').fill(toGerman('boats'));
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(panel.getByText('1 of 2 entries')).toBeVisible();
    await panel.getByLabel('Search the history').fill('');
    await expect(list.getByRole('listitem')).toHaveCount(2);

    // Downloaded: all of it, as JSON.
    const [download] = await Promise.all([
      panel.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download (JSON)' }).click(),
    ]);
    const rows = JSON.parse(readFileSync((await download.path())!, 'utf8')) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.origin, r.text, r.site])).toEqual([
      ['popup', 'Good morning, sailor.', undefined],
      ['selection', 'The harbour was full of small boats.', '127.0.0.1'],
    ]);
    expect(await seriousViolations(panel, { include: '.history' })).toEqual([]);

    // Cleared, once confirmed.
    panel.once('dialog', (d) => void d.accept());
    await panel.getByRole('button', { name: 'Clear history' }).click();
    await expect(panel.getByText('Nothing in the history yet.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(0);
  });

  test('keeps nothing once switched off; translating again from it uses the side panel', async ({
    page,
    context,
    extensionId,
    svc,
  }) => {
    await page.goto('about:blank');
    const panel = await openPanelAsTab(context, extensionId);
    await panel.getByLabel('Text to translate').fill('The lighthouse is bright.');
    await panel.getByLabel('Text to translate').press('Control+Enter');
    const list = panel.getByRole('list', { name: 'Translations kept' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Side panel');

    await panel.getByLabel('Keep a history of my translations').uncheck();
    await panel.getByLabel('Text to translate').fill('The sea is calm.');
    await panel.getByLabel('Text to translate').press('Control+Enter');
    await expect(panel.getByRole('region', { name: 'Translation', exact: true })).toContainText(
      toGerman('The sea is calm.'),
    );
    await panel.reload();
    await expect(panel.getByLabel('Keep a history of my translations')).not.toBeChecked();
    await expect(list.getByRole('listitem')).toHaveCount(1);

    // "Translate again" puts the text back and translates it (a new request, the person's click).
    const before = (await svc.requests('/v2/translate')).length;
    await list.getByRole('button', { name: /^Translate again/ }).click();
    await expect(panel.getByLabel('Text to translate')).toHaveValue('The lighthouse is bright.');
    await expect(panel.getByRole('region', { name: 'Translation', exact: true })).toContainText(
      toGerman('The lighthouse is bright.'),
    );
    expect((await svc.requests('/v2/translate')).length).toBe(before + 1);
  });

  test('"Your data" counts the history and clears it', async ({ page, context, extensionId, openExtensionPage }) => {
    await page.goto('about:blank');
    const panel = await openPanelAsTab(context, extensionId);
    await panel.getByLabel('Text to translate').fill('Ropes and sails.');
    await panel.getByLabel('Text to translate').press('Control+Enter');
    await expect(panel.getByRole('list', { name: 'Translations kept' }).getByRole('listitem')).toHaveCount(1);

    const options = await openExtensionPage('options.html#data');
    const kept = options.locator('.data-kept[data-kind="history"]');
    await expect(kept).toHaveText('1 translation');
    await options.getByRole('button', { name: 'Clear History of your translations' }).click();
    await options
      .getByRole('dialog', { name: 'Clear “History of your translations”?' })
      .getByRole('button', { name: 'Clear', exact: true })
      .click();
    await expect(kept).toHaveText('Nothing kept');
  });
});

test('a term met again is offered, saved into the glossary of its pair, and the next page translation uses it', async ({
  configure,
  background,
  page,
  context,
  extensionId,
  svc,
}) => {
  await configure();
  await setPreferences(background, { targetLang: 'de' });
  await page.goto('about:blank');
  const panel = await openPanelAsTab(context, extensionId);
  await panel.getByLabel('Source language').selectOption('en');
  await panel.getByLabel('Text to translate').fill('harbour');
  await panel.getByLabel('Text to translate').press('Control+Enter');
  const entries = panel.getByRole('list', { name: 'Translations kept' }).getByRole('listitem');
  await expect(entries).toHaveCount(1);
  // Met again: offered as a glossary entry, with how often.
  await panel.getByLabel('Text to translate').press('Control+Enter');
  await expect(entries).toHaveCount(2);
  const suggestion = panel
    .getByRole('region', { name: 'Translated again and again' })
    .getByRole('listitem')
    .filter({ hasText: 'harbour' });
  await expect(suggestion).toContainText('2 times');

  // One action: the pair has no glossary yet, so "Saved terms" is made, with it, as the pair's default.
  await suggestion.getByRole('button', { name: /^Save to glossary/ }).click();
  await expect(suggestion.getByRole('status')).toHaveText(
    'Saved in “Saved terms”, now the default glossary of this language pair.',
  );
  const listed = (await (await svc.api('GET', '/v3/glossaries', svc.paidKey)).json()) as {
    glossaries: Array<{ glossary_id: string; name: string }>;
  };
  const saved = listed.glossaries.find((g) => g.name === 'Saved terms')!;
  const held = (await (
    await svc.api('GET', `/v3/glossaries/${saved.glossary_id}/entries?source_lang=en&target_lang=de`, svc.paidKey)
  ).json()) as { dictionaries: Array<{ entries: string }> };
  // The translation as the history kept it (the service's pseudo-German capitalises a lone word).
  expect(held.dictionaries.map((d) => d.entries)).toEqual([`harbour\t${toGerman('Harbour')}`]);

  // Saved again, from a history entry: the glossary already holds it, and says so.
  const entry = entries.first();
  await entry.getByRole('button', { name: /^Save to glossary/ }).click();
  await expect(entry.getByRole('status')).toHaveText('“Saved terms” already holds this term.');

  // The next page translation of the pair carries the glossary.
  await serve(page, { '/harbour.html': ARTICLE });
  await page.goto(URL);
  await page.bringToFront();
  await pressTranslatePage(background, URL);
  await expect(page.locator('#one')).not.toHaveText('The harbour was full of small boats.');
  const pageRequests = (await svc.requests('/v2/translate')).filter(
    (r) => r.headers['x-service-reporting-tag'] === 'verso-page',
  );
  expect(pageRequests.length).toBeGreaterThan(0);
  expect(pageRequests.every((r) => r.body?.glossary_id === saved.glossary_id)).toBe(true);
});

import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { clickTranslateSelection, ORIGIN, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"></head>
<body><p>We sat on the <span id="term">river bank</span> all day.</p></body></html>`;
const URL = `${ORIGIN}/bank.html`;

test('the bubble saves a selected phrase into its pair’s glossary, and says so when it is already there', async ({
  configure,
  background,
  page,
  svc,
}) => {
  await configure();
  await setPreferences(background, { targetLang: 'de' });
  await serve(page, { '/bank.html': PAGE });
  await page.goto(URL);
  await page.locator('#term').selectText();
  await clickTranslateSelection(background, URL);
  const bubble = page.getByRole('dialog', { name: 'Translation' });
  await expect(bubble).toContainText(toGerman('River bank'));

  await bubble.getByRole('button', { name: 'Save to glossary' }).click();
  await expect(bubble.getByRole('status')).toHaveText(
    'Saved in “Saved terms”, now the default glossary of this language pair.',
  );
  const listed = (await (await svc.api('GET', '/v3/glossaries', svc.paidKey)).json()) as {
    glossaries: Array<{ glossary_id: string; name: string }>;
  };
  const saved = listed.glossaries.find((g) => g.name === 'Saved terms')!;
  const held = (await (
    await svc.api('GET', `/v3/glossaries/${saved.glossary_id}/entries?source_lang=en&target_lang=de`, svc.paidKey)
  ).json()) as { dictionaries: Array<{ entries: string }> };
  expect(held.dictionaries.map((d) => d.entries)).toEqual([`river bank\t${toGerman('River bank')}`]);

  await bubble.getByRole('button', { name: 'Save to glossary' }).click();
  await expect(bubble.getByRole('status')).toHaveText('“Saved terms” already holds this term.');
});

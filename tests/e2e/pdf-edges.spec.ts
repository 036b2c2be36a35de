import { expect, test } from './fixtures.ts';
import { seriousViolations } from './helpers/a11y.ts';
import { ORIGIN } from './helpers/pages.ts';
import { openInReader, readerUrl, servePdfs, shownTranslations } from './helpers/pdf.ts';
import { billed } from './helpers/service.ts';
import { setPreferences } from './helpers/settings.ts';

// The reader's honest edges with real files: a scanned page, a password, a damaged file, CJK and
// right-to-left text, a file that is gone.

test.beforeEach(async ({ context, configure, background }) => {
  await configure();
  await setPreferences(background, { targetLang: 'de' });
  await servePdfs(context);
});

test('a scanned page says it has no text, and nothing is sent for it', async ({ context, extensionId, svc }) => {
  const page = await context.newPage();
  await page.goto(readerUrl(extensionId, `${ORIGIN}/pdf/scanned.pdf`));
  await expect(page.getByRole('note')).toHaveText(/This page has no text, only an image/);
  await page.getByRole('button', { name: 'Translate as I read' }).click();
  await expect(page.getByRole('status')).toHaveText(/Page 1 has no text layer/);
  expect((await billed(svc)).texts).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test('an encrypted PDF asks for its password; a wrong one is said, the right one opens it', async ({
  context,
  extensionId,
}) => {
  const page = await context.newPage();
  await page.goto(readerUrl(extensionId, `${ORIGIN}/pdf/encrypted.pdf`));
  await expect(page.getByText('This PDF is protected with a password.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const password = page.getByLabel('Password');
  await password.fill('nope');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('alert')).toHaveText('That password is not right. Try again.');
  await password.fill('verso');
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByText('Reading Order in Two-Column Documents')).toBeVisible();
});

test('a damaged PDF and a missing one get clear errors', async ({ context, extensionId }) => {
  const page = await context.newPage();
  await page.goto(readerUrl(extensionId, `${ORIGIN}/pdf/damaged.pdf`));
  await expect(page.getByRole('alert')).toHaveText(
    /This file is damaged or is not a PDF|Verso could not open this PDF/,
  );
  await page.goto(readerUrl(extensionId, `${ORIGIN}/pdf/missing.pdf`));
  await expect(page.getByRole('alert')).toHaveText('Verso could not get this PDF from its site (HTTP 404).');
  await expect(page.getByRole('link', { name: 'Open in the browser’s viewer' })).toHaveAttribute(
    'href',
    `${ORIGIN}/pdf/missing.pdf`,
  );
});

test('Chinese, Japanese, Arabic and Hebrew paragraphs are sent whole', async ({ context, extensionId, svc }) => {
  const page = await openInReader(context, extensionId, 'cjk-rtl');
  await page.getByRole('button', { name: 'Translate as I read' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pages you read are translated' })).toBeVisible();
  const { texts } = await billed(svc);
  expect(texts).toContain(
    '这是一个用于测试的中文段落。阅读器应当把每一行连接起来，而不在汉字之间插入空格。这个段落故意写得比较长，以便在页面上换行好几次，从而检验行与行之间的连接是否正确。',
  );
  expect(texts).toContain('これは日本語の段落です。読み取り装置は行をつなげて一つの段落にするべきです。');
  expect(texts.some((t) => t.includes('العربية'))).toBe(true);
  expect(texts.some((t) => t.includes('בעברית'))).toBe(true);
  await expect(shownTranslations(page, 1)).toHaveCount(texts.length);
});

test('Japanese in a font the file does not embed, named through an Adobe CMap: shown and sent', async ({
  context,
  extensionId,
  svc,
}) => {
  // Readable only with the CMaps packaged with the reader (scripts/build/pdf-worker.ts).
  const page = await openInReader(context, extensionId, 'cid-font');
  await expect(page.locator('.textLayer')).toContainText('日本語の文書です');
  await page.getByRole('button', { name: 'Translate as I read' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pages you read are translated' })).toBeVisible();
  expect((await billed(svc)).texts).toEqual(['日本語の文書です']);
});

test('a PDF chosen from the computer opens without any site', async ({ context, extensionId }) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/pdf-reader.html`);
  await expect(page.getByText('Drop a PDF here, or choose one.', { exact: false })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Choose a PDF…').setInputFiles('tests/fixtures/pdf/letter.pdf');
  await expect(page.getByText('A letter about the new library')).toBeVisible();
});

import { expect, test } from './fixtures.ts';
import { toGerman } from './helpers/german.ts';
import { clickTranslateSelection, ORIGIN, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';

const FORM = `<!doctype html>
<html><head><meta charset="utf-8"><title>Draft</title></head>
<body>
  <label for="draft">Draft</label>
  <textarea id="draft" rows="4" cols="60">Good morning team. Please review the draft today.</textarea>
  <div id="editor" contenteditable="true"><p>Keep this. Translate <b>only</b> this part.</p></div>
  <p id="static">Not editable at all.</p>
</body></html>`;

const URL = `${ORIGIN}/form.html`;

test.describe('translate selection in editable fields', () => {
  test.beforeEach(async ({ configure, background, page }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
    await serve(page, { '/form.html': FORM });
    await page.goto(URL);
    // What a framework would listen to.
    await page.evaluate(() => {
      const w = window as unknown as { inputs: string[] };
      w.inputs = [];
      document.addEventListener('input', (e) => w.inputs.push((e.target as Element).id || 'editor-child'), true);
    });
  });

  test('"Replace selection" writes the translation into a textarea, as typing would', async ({
    page,
    background,
    svc,
  }) => {
    const draft = page.getByLabel('Draft');
    await draft.focus();
    await draft.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(19, el.value.length));
    await clickTranslateSelection(background, URL);

    const dialog = page.getByRole('dialog', { name: 'Translation' });
    await expect(dialog.locator('.result')).toContainText(toGerman('Please review the draft today.'));
    const [request] = await svc.requests('/v2/translate');
    expect(request!.body?.text).toEqual(['Please review the draft today.']);
    expect(request!.body?.context).toBe('Good morning team.');

    await dialog.getByRole('button', { name: 'Replace selection' }).click();
    await expect(dialog).toBeHidden();
    await expect(draft).toHaveValue(`Good morning team. ${toGerman('Please review the draft today.')}`);
    await expect(draft).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { inputs: string[] }).inputs)).toContain('draft');
  });

  test('"Replace selection" keeps formatting in a contenteditable editor', async ({ page, background }) => {
    await page.locator('#editor p').evaluate((p) => {
      const text = p.firstChild as Text;
      const range = document.createRange();
      range.setStart(text, text.data.indexOf('Translate'));
      range.setEnd(p, p.childNodes.length);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    });
    await clickTranslateSelection(background, URL);
    const dialog = page.getByRole('dialog', { name: 'Translation' });
    await expect(dialog.locator('.result b')).toHaveText('önly');

    await dialog.getByRole('button', { name: 'Replace selection' }).click();
    await expect(page.locator('#editor')).toContainText(`Keep this. ${toGerman('Translate only this part.')}`);
    await expect(page.locator('#editor b')).toHaveText('önly');
    expect(await page.evaluate(() => (window as unknown as { inputs: string[] }).inputs.length)).toBeGreaterThan(0);
  });

  test('no "Replace selection" for text that cannot be edited', async ({ page, background }) => {
    await page.locator('#static').click({ clickCount: 3 });
    await clickTranslateSelection(background, URL);
    const dialog = page.getByRole('dialog', { name: 'Translation' });
    await expect(dialog.locator('.result')).toContainText('Nöt editäble ät äll.');
    await expect(dialog.getByRole('button', { name: 'Copy' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Replace selection' })).toHaveCount(0);
  });
});

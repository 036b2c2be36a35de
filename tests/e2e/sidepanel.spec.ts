import { expect, test } from './fixtures.ts';
import { seriousViolations } from './helpers/a11y.ts';
import { toGerman } from './helpers/german.ts';
import { ORIGIN, selectContents, serve } from './helpers/selection.ts';
import { setPreferences } from './helpers/settings.ts';
import { openPanelAsTab } from './helpers/sidepanel.ts';

const ARTICLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>River report</title></head>
<body>
  <p id="before">The river rose overnight after heavy rain in the hills.</p>
  <p id="target">We walked to the <b>bank</b> to see the flood.</p>
  <p id="after">Fishing was good downstream.</p>
</body></html>`;
const URL = `${ORIGIN}/river.html`;

type Opened = { path: string; windowId: number };

test.describe('side panel', () => {
  test.beforeEach(async ({ configure, background }) => {
    await configure();
    await setPreferences(background, { targetLang: 'de' });
  });

  test("opens beside the page from the toolbar popup's button", async ({ background, page, openExtensionPage }) => {
    // The page the panel opens beside (the popup, opened here as a tab, closes itself once it asked).
    await page.goto('about:blank');
    // sidePanel.onOpened: the browser's own word that its side panel now shows Verso's page.
    await background.evaluate(() => {
      const g = globalThis as unknown as { panelsOpened: Opened[] };
      g.panelsOpened = [];
      (
        chrome.sidePanel as unknown as { onOpened: { addListener(f: (info: Opened) => void): void } }
      ).onOpened.addListener((info) => g.panelsOpened.push(info));
    });
    const popup = await openExtensionPage('popup.html');
    const windowId = await popup.evaluate(async () => (await chrome.windows.getCurrent()).id);
    // A trusted click: the gesture the browser requires before it opens a side panel.
    await popup.getByRole('button', { name: 'Open side panel' }).click();
    await expect
      .poll(() => background.evaluate(() => (globalThis as unknown as { panelsOpened: Opened[] }).panelsOpened))
      .toEqual([{ path: '/sidepanel.html', windowId }]);
  });

  test('the shortcut has its key, and asks for the side panel of the tab’s window', async ({ background, page }) => {
    await page.goto('about:blank');
    const commands = await background.evaluate(() => chrome.commands.getAll());
    expect(commands.find((c) => c.name === 'open-side-panel')?.shortcut).toBe('Alt+Shift+O');
    // Headless Chromium does not route key presses to its shortcuts, and an onCommand fired from a test
    // is no gesture, so the browser refuses to open the panel: what is checked is that the shortcut's
    // handler asks for the right window's panel at once.
    const asked = await background.evaluate(async () => {
      const calls: unknown[] = [];
      const api = chrome.sidePanel as unknown as { open(o: unknown): Promise<void> };
      const open = api.open.bind(api);
      api.open = (o) => {
        calls.push(o);
        return open(o);
      };
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      (chrome.commands.onCommand as unknown as { dispatch(...a: unknown[]): void }).dispatch('open-side-panel', tab);
      api.open = open;
      return { calls, windowId: tab?.windowId };
    });
    expect(asked.calls).toEqual([{ windowId: asked.windowId }]);
  });

  test('translates the selection with its context, only once asked, and keeps it in the history', async ({
    page,
    context,
    extensionId,
    svc,
  }) => {
    await serve(page, { '/river.html': ARTICLE });
    await page.goto(URL);
    await selectContents(page, '#target');
    const panel = await openPanelAsTab(context, extensionId);

    await panel.getByRole('button', { name: 'Use the page’s selection' }).click();
    await expect(panel.getByLabel('Selected text')).toHaveText('We walked to the bank to see the flood.');
    await expect(panel.getByText(/Context sent with it/)).toBeVisible();
    // Reading the selection sent nothing.
    expect(await svc.requests('/v2/translate')).toEqual([]);

    await panel.getByRole('button', { name: /^Translate selection \(39 characters\)/ }).click();
    const result = panel.getByRole('region', { name: 'Translation of the selection' });
    await expect(result).toHaveText(new RegExp(toGerman('We walked to the bank to see the flood.')));
    const [request] = await svc.requests('/v2/translate');
    expect(request!.body).toMatchObject({ target_lang: 'de', tag_handling: 'html' });
    expect(String(request!.body!.context)).toContain('The river rose overnight');
    expect(String(request!.body!.context)).toContain('Fishing was good downstream.');
    expect(request!.headers['x-service-reporting-tag']).toBe('verso-selection');

    // Saved as a glossary entry of the pair, in one action.
    await result.getByRole('button', { name: 'Save to glossary' }).click();
    await expect(result.getByRole('status')).toHaveText(
      'Saved in “Saved terms”, now the default glossary of this language pair.',
    );

    const history = panel.getByRole('list', { name: 'Translations kept' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history).toContainText('127.0.0.1');
  });

  test('says so when the page has nothing selected, and sends nothing', async ({ page, context, extensionId, svc }) => {
    await serve(page, { '/river.html': ARTICLE });
    await page.goto(URL);
    const panel = await openPanelAsTab(context, extensionId);
    await panel.getByRole('button', { name: 'Use the page’s selection' }).click();
    await expect(panel.getByText('Nothing is selected on this page, or Verso cannot read it.')).toBeVisible();
    expect(await svc.requests('/v2/translate')).toEqual([]);
  });

  test('improves a pasted text and shows what changed; the panel passes axe', async ({
    page,
    context,
    extensionId,
  }) => {
    await page.goto('about:blank');
    const panel = await openPanelAsTab(context, extensionId);
    await panel.getByLabel('Text to improve').fill('We utilize it in order to win.');
    await panel.getByLabel('What to do').selectOption('rephrase');
    await panel.getByRole('button', { name: 'Improve', exact: true }).click();
    const changes = panel.getByRole('region', { name: 'Suggested changes' });
    await expect(changes).toHaveText(/We.*use.*to win\./);
    await expect(changes.locator('del').first()).toHaveText(/utilize/);
    await panel.getByLabel('Text to translate').fill('The boat is slow.');
    await panel.getByLabel('Text to translate').press('Control+Enter');
    await expect(panel.getByRole('region', { name: 'Translation', exact: true })).toContainText(
      toGerman('The boat is slow.'),
    );
    expect(await seriousViolations(panel)).toEqual([]);
  });
});

import { type BrowserContext, expect, type Locator, type Page, type Worker } from '@playwright/test';

// Writing help on a page: its button, its panel, the underlines of checking as you type, and the pages
// and settings the writing specs start from.

export const writingButton = (page: Page) =>
  page.getByRole('button', { name: 'Writing help: correct or improve this text' });
export const writingPanel = (page: Page) => page.getByRole('dialog', { name: 'Writing help' });
/** The underlines checking as you type draws over a field. */
export const marks = (page: Page) => page.locator('verso-writing .vw-mark');
/** The card of one suggestion of checking as you type. */
export const suggestionCard = (page: Page) => page.getByRole('dialog', { name: /^Suggestion: / });

/** The texts of the local service's /v2/write/correct requests (checking as you type), in order. */
export async function checkedTexts(svc: {
  requests(path: string): Promise<{ body: Record<string, unknown> | null }[]>;
}): Promise<unknown[]> {
  return (await svc.requests('/v2/write/correct')).map((r) => r.body?.text);
}

/** Focuses the field until the writing control shows (the content script may still be starting). */
export async function focusField(page: Page, field: Locator): Promise<void> {
  await expect(async () => {
    await field.blur();
    await field.click();
    await expect(writingButton(page)).toBeVisible({ timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
}

export async function openWritingPanel(page: Page, field: Locator): Promise<Locator> {
  await focusField(page, field);
  await writingButton(page).click();
  await expect(writingPanel(page)).toBeVisible();
  return writingPanel(page);
}

/**
 * Opens pages on `host`: each call serves `body` (and `head`) at a fresh https URL (content scripts do
 * not run on data: URLs), opens it and returns the URL.
 */
export function fixtureOpener(host: string) {
  let pageCounter = 0;
  return async (context: BrowserContext, page: Page, body: string, head = ''): Promise<string> => {
    const url = `https://${host}/page-${++pageCounter}.html`;
    await context.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`,
      }),
    );
    await page.goto(url);
    return url;
  };
}

/** Typing settings as a person would have set them in Options. */
export async function setTyping(background: Worker, settings: Record<string, unknown>): Promise<void> {
  await background.evaluate((s) => chrome.storage.local.set({ typingSettings: s }), settings);
}

/** Turns checking as you type on (everywhere, or with more settings). */
export async function enableTyping(background: Worker, settings: Record<string, unknown> = {}): Promise<void> {
  await setTyping(background, { asYouType: true, ...settings });
}

/** The words the CSS highlights of checking as you type underline in contenteditable (one kind), with their middles. */
export async function highlighted(page: Page, kind = 'spelling'): Promise<{ text: string; x: number; y: number }[]> {
  return page.evaluate((name) => {
    const registry = (CSS as unknown as { highlights: Map<string, Iterable<Range>> }).highlights;
    return [...(registry.get(`verso-${name}`) ?? [])].map((range) => {
      const r = range.getBoundingClientRect();
      return { text: range.toString(), x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
  }, kind);
}

/** The editor of a fixture page of tests/fixtures/editors (its field is labelled "Editor"). */
export const editorField = (page: Page) => page.getByRole('textbox', { name: 'Editor' });

/** The editor's own text (its model, not the DOM) on a fixture page of tests/fixtures/editors. */
export const editorState = (page: Page) => page.locator('#state');

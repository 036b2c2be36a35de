import type { BrowserContext, Page } from '@playwright/test';

/**
 * Opens the side panel's page as a tab, for its content: the browser's own side panel is opened for real
 * in sidepanel.spec.ts, but Playwright cannot drive a page inside it. Opened as a tab, the panel acts on
 * the tab used last before it (lib/features/page-translate/popup-tab.ts), as it does beside that tab.
 */
export async function openPanelAsTab(context: BrowserContext, extensionId: string): Promise<Page> {
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  return panel;
}

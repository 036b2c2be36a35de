import { browser } from 'wxt/browser';

/** The document translation page, opened in a tab from the popup, the options and notifications. */
export const DOCUMENTS_PAGE = '/documents.html';

export function openDocumentsPage(): void {
  void browser.tabs.create({ url: browser.runtime.getURL(DOCUMENTS_PAGE) });
}

import { browser } from 'wxt/browser';
import { needsFeaturesFor } from '../../background/boot.ts';
import { handle } from '../../messaging/handle.ts';
import { readerUrlFor } from '../../reader/url.ts';
import { siteHostOf } from '../site-rules/rules.ts';
import { opensInReader, readerSites, readerSitesItem } from './settings.ts';

/** An http(s) or file address whose path ends in ".pdf". */
export function looksLikePdf(url: string): boolean {
  try {
    const parsed = new URL(url);
    return /^(https?|file):$/.test(parsed.protocol) && /\.pdf$/i.test(parsed.pathname);
  } catch {
    return false;
  }
}

const readerUrl = (file: string) => readerUrlFor(browser.runtime.getURL('/'), file);

/**
 * PDFs the browser opens: the bootstrap in the viewer's top document (its `contentType` is
 * `application/pdf`) asks the worker, which sends the tab to Verso's reader when the person chose so for
 * the site or everywhere, else brings the offer card. The reader's "browser's viewer" is a one-time pass.
 */
export function setUpPdf(): void {
  /** Tabs going back to the browser's viewer, with the PDF they go to: no offer, no redirect, once. */
  const passes = new Map<number, string>();

  needsFeaturesFor(['pdf'], async (_data, sender) => {
    const tabId = sender.tab?.id;
    const url = sender.tab?.url;
    if (tabId === undefined || (sender.frameId ?? 0) !== 0 || !url || !/^(https?|file):/.test(url)) return false;
    if (passes.get(tabId) === url) {
      passes.delete(tabId);
      return false;
    }
    if (opensInReader(await readerSites(), siteHostOf(url))) {
      await browser.tabs.update(tabId, { url: readerUrl(url) });
      return false;
    }
    return true;
  });

  handle('pdf.open', async ({ choice }, sender) => {
    const tabId = sender.tab?.id;
    const url = sender.tab?.url;
    if (tabId === undefined || (sender.frameId ?? 0) !== 0 || !url || !/^(https?|file):/.test(url)) {
      throw { code: 'forbidden', message: 'Only a PDF tab opens in the reader' };
    }
    const host = siteHostOf(url);
    if (choice !== 'once' && !sender.tab?.incognito) {
      const sites = await readerSites();
      await readerSitesItem.setValue(
        choice === 'always'
          ? { ...sites, always: true }
          : { ...sites, sites: host && !sites.sites.includes(host) ? [...sites.sites, host] : sites.sites },
      );
    }
    await browser.tabs.update(tabId, { url: readerUrl(url) });
    return null;
  });

  handle('pdf.back', ({ url }, sender) => {
    const tabId = sender.tab?.id;
    if (tabId !== undefined) passes.set(tabId, url);
    return null;
  });

  // Firefox's popup: its PDF viewer runs no extension script, so the tab's address is all there is to go
  // by (a PDF served without ".pdf" in its address stays in Firefox's viewer).
  handle('pdf.openTab', async ({ tabId }) => {
    const tab = await browser.tabs.get(tabId).catch(() => undefined);
    const url = tab?.url;
    if (!url || !looksLikePdf(url)) return { opened: false };
    await browser.tabs.update(tabId, { url: readerUrl(url) });
    return { opened: true };
  });

  browser.tabs.onRemoved.addListener((tabId) => passes.delete(tabId));
}

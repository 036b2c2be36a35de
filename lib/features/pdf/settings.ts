import { storage } from 'wxt/utils/storage';
import { z } from 'zod';

/** Where PDFs open in Verso's reader without asking: everywhere, or on these sites. */
export const ReaderSites = z.object({
  always: z.boolean().default(false),
  sites: z.array(z.string().max(300)).max(1000).default([]),
});
export type ReaderSites = z.infer<typeof ReaderSites>;

export const readerSitesItem = storage.defineItem<ReaderSites>('local:pdfReaderSites', {
  fallback: { always: false, sites: [] },
  version: 1,
});

export async function readerSites(): Promise<ReaderSites> {
  return ReaderSites.safeParse(await readerSitesItem.getValue()).data ?? { always: false, sites: [] };
}

/** Whether a PDF of `host` opens in the reader without asking. */
export function opensInReader(choice: ReaderSites, host: string | undefined): boolean {
  return choice.always || (host !== undefined && choice.sites.includes(host));
}

/** What "Your data" shows of it: the sites, and whether every PDF opens in the reader. */
export async function readerSitesKept(): Promise<{ sites: number; always: boolean }> {
  const { sites, always } = await readerSites();
  return { sites: sites.length, always };
}

/** "Your data" clears it: PDFs are offered again everywhere. */
export const forgetReaderSites = (): Promise<void> => readerSitesItem.removeValue();

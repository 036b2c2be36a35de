import { browser } from 'wxt/browser';

/** Long enough for any local file to be written; the page may also close before. */
const REVOKE_AFTER_MS = 5 * 60_000;

/**
 * Saves a Blob from an extension page through `browser.downloads` (the name is kept, the person sees it
 * in the browser's downloads). The object URL is released when the download ends.
 */
export async function saveBlob(blob: Blob, fileName: string): Promise<number> {
  const url = URL.createObjectURL(blob);
  let downloadId: number | undefined;
  const release = () => {
    browser.downloads.onChanged.removeListener(onChanged);
    URL.revokeObjectURL(url);
  };
  const onChanged = (delta: { id: number; state?: { current?: string } }) => {
    if (delta.id === downloadId && (delta.state?.current === 'complete' || delta.state?.current === 'interrupted')) {
      release();
    }
  };
  browser.downloads.onChanged.addListener(onChanged);
  setTimeout(release, REVOKE_AFTER_MS);
  try {
    downloadId = await browser.downloads.download({
      url,
      filename: fileName,
      conflictAction: 'uniquify',
      saveAs: false,
    });
    return downloadId;
  } catch (e) {
    release();
    throw e;
  }
}

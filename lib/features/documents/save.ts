import { browser } from 'wxt/browser';

/** Long enough for any local file to be written; the page may also close before. */
const REVOKE_AFTER_MS = 5 * 60_000;

/** How a download ended: on disk, or not (the browser's reason, e.g. `USER_CANCELED`, `FILE_FAILED`). */
export type SaveEnd = { saved: true } | { saved: false; reason: string };

export interface Saving {
  downloadId: number;
  /** The name the browser was given (the fallback when it refused the first). */
  fileName: string;
  /** Resolves when the browser reports the download complete or interrupted. */
  ended: Promise<SaveEnd>;
}

type Delta = { id: number; state?: { current?: string }; error?: { current?: string } };

/**
 * Saves a Blob from an extension page through `browser.downloads` under the first of `names` the
 * browser accepts (it refuses names against its rules with "Invalid filename"), and follows the
 * download to its end. The object URL is released then.
 */
export async function startSaving(blob: Blob, names: string[]): Promise<Saving> {
  const url = URL.createObjectURL(blob);
  // Events may come before `download()` answers with the id: kept until it is known.
  const early = new Map<number, SaveEnd>();
  let finish: ((end: SaveEnd) => void) | undefined;
  let downloadId: number | undefined;
  const ended = new Promise<SaveEnd>((resolve) => {
    finish = resolve;
  });
  const release = () => {
    browser.downloads.onChanged.removeListener(onChanged);
    URL.revokeObjectURL(url);
  };
  const onChanged = (delta: Delta) => {
    const state = delta.state?.current;
    if (state !== 'complete' && state !== 'interrupted') return;
    const end: SaveEnd = state === 'complete' ? { saved: true } : { saved: false, reason: delta.error?.current ?? '' };
    if (downloadId === undefined) early.set(delta.id, end);
    else if (delta.id === downloadId) {
      release();
      finish?.(end);
    }
  };
  browser.downloads.onChanged.addListener(onChanged);
  const timer = setTimeout(release, REVOKE_AFTER_MS);
  let refusal: unknown;
  for (const fileName of names) {
    try {
      downloadId = await browser.downloads.download({
        url,
        filename: fileName,
        conflictAction: 'uniquify',
        saveAs: false,
      });
    } catch (e) {
      refusal = e;
      continue;
    }
    const already = early.get(downloadId);
    if (already) {
      release();
      clearTimeout(timer);
      finish?.(already);
    }
    void ended.then(() => clearTimeout(timer));
    return { downloadId, fileName, ended };
  }
  release();
  clearTimeout(timer);
  throw refusal instanceof Error ? refusal : new Error(String(refusal));
}

/** Saves a Blob under `fileName` (analytics exports and the like); answers the download's id. */
export async function saveBlob(blob: Blob, fileName: string): Promise<number> {
  return (await startSaving(blob, [fileName])).downloadId;
}

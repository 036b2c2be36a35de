/** Offers text as a file download from an extension page (no downloads permission needed). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download; the URL is not needed any more once it has read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

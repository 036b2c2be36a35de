/** Writes the text through a textarea `copy` when the async clipboard is refused (no focus, old browser). */
function copyWithCommand(text: string, doc: Document, holder: Node): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  holder.appendChild(area);
  area.select();
  const done = doc.execCommand('copy');
  area.remove();
  return done;
}

/** Puts text on the clipboard from a page; `holder` (inside Verso's own UI) takes the fallback's textarea. */
export async function copyText(text: string, holder: Node): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyWithCommand(text, holder.ownerDocument ?? document, holder);
  }
}

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

/**
 * Puts text on the clipboard from a page, with an HTML copy when given (headings and lists paste as
 * such into editors; plain-text fields get the text). `holder` (inside Verso's own UI) takes the
 * fallback's textarea.
 */
export async function copyText(text: string, holder: Node, html?: string): Promise<boolean> {
  if (html !== undefined && typeof ClipboardItem === 'function') {
    try {
      const item = new ClipboardItem({
        'text/plain': new Blob([text], { type: 'text/plain' }),
        'text/html': new Blob([html], { type: 'text/html' }),
      });
      await navigator.clipboard.write([item]);
      return true;
    } catch {
      // Refused (or HTML not accepted): the text alone, below.
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyWithCommand(text, holder.ownerDocument ?? document, holder);
  }
}

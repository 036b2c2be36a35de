import type { Paragraph } from './paragraphs.ts';
import type { DisplayMode } from './reading-model.ts';

/**
 * Verso's layer on a drawn page: translations over the original's place, beside the page, or paragraph by
 * paragraph below it; a note on a page with no text. pdf.js empties a page's div when it draws it again
 * (zoom), so the layer is drawn again after each draw. Text only (textContent): nothing is parsed as HTML.
 */
export interface LayerInput {
  div: HTMLElement;
  scale: number;
  paragraphs: readonly Paragraph[];
  translationOf(p: Paragraph): string | undefined;
  mode: DisplayMode;
  /** Words for a page with no text layer; undefined when the page has text. */
  noText?: string;
}

const LAYER = 'verso-pdf-layer';
const BELOW = 'verso-pdf-below';

export function clearLayer(div: HTMLElement): void {
  div.querySelector(`:scope > .${LAYER}`)?.remove();
  const next = div.nextElementSibling;
  if (next?.classList.contains(BELOW)) next.remove();
}

export function drawLayer({ div, scale, paragraphs, translationOf, mode, noText }: LayerInput): void {
  clearLayer(div);
  const layer = document.createElement('div');
  layer.className = `${LAYER} verso-pdf-${mode}`;
  if (noText) {
    const note = document.createElement('p');
    note.className = 'verso-pdf-notext';
    note.setAttribute('role', 'note');
    note.textContent = noText;
    layer.append(note);
    div.append(layer);
    return;
  }
  const shown = paragraphs.map((p) => [p, translationOf(p)] as const).filter(([, text]) => text !== undefined);
  if (shown.length === 0) return;
  if (mode === 'below') {
    const block = document.createElement('section');
    block.className = BELOW;
    block.setAttribute('aria-label', div.getAttribute('aria-label') ?? '');
    block.style.setProperty('--verso-page-width', `${div.getBoundingClientRect().width}px`);
    for (const [p, text] of shown) {
      const item = document.createElement('div');
      item.className = 'verso-pdf-pair';
      const original = document.createElement('p');
      original.className = 'verso-pdf-original';
      original.textContent = p.text;
      const translated = document.createElement('p');
      translated.className = 'verso-pdf-translation';
      translated.textContent = text ?? '';
      item.append(original, translated);
      block.append(item);
    }
    div.after(block);
    return;
  }
  for (const [p, text] of shown) {
    const box = document.createElement('p');
    box.className = 'verso-pdf-translation';
    box.dataset.paragraph = p.id;
    box.textContent = text ?? '';
    box.style.left = `${p.box.left * scale}px`;
    box.style.top = `${p.box.top * scale}px`;
    box.style.width = `${p.box.width * scale}px`;
    box.style.fontSize = `${p.size * scale * 0.92}px`;
    if (mode === 'over') box.style.height = `${Math.max(p.box.height, p.size * 1.2) * scale}px`;
    layer.append(box);
  }
  div.append(layer);
  if (mode === 'over') fitText(layer);
}

/** Over the original, a longer translation is set smaller until it fits its place (a few steps at most). */
function fitText(layer: HTMLElement): void {
  for (const box of layer.querySelectorAll<HTMLElement>('.verso-pdf-translation')) {
    let size = Number.parseFloat(box.style.fontSize);
    for (let i = 0; i < 5 && box.scrollHeight > box.clientHeight + 1; i++) {
      size *= 0.85;
      box.style.fontSize = `${size}px`;
    }
  }
}

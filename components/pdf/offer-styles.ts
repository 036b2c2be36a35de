/**
 * Styles of the reader's offer on a PDF, inside its shadow root: a card fixed over the viewer's bottom
 * end corner, in the look of the translate offer's card (components/translate-offer/styles.ts), light and dark.
 */
export const OFFER_CSS = `
/* The host is the card's own box, over the bottom end corner: it covers nothing beyond the card. */
:host {
  display: block !important;
  position: fixed !important;
  inset: auto !important;
  inset-block-end: 12px !important;
  inset-inline-end: 12px !important;
  width: max-content !important;
  max-width: min(36em, calc(100vw - 16px)) !important;
  height: auto !important;
  margin: 0 !important;
  padding: 0 !important;
  border: 0 !important;
  background: transparent !important;
  overflow: visible !important;
  z-index: 2147483646;
  --vs-bg: #f4f7fd;
  --vs-fg: #1d2330;
  --vs-fg-2: #4b5565;
  --vs-border: #c9ced8;
  --vs-accent: #1f5fd1;
  --vs-accent-fg: #ffffff;
}
@media (prefers-color-scheme: dark) {
  :host {
    --vs-bg: #20242c;
    --vs-fg: #e7e9ee;
    --vs-fg-2: #aab1bf;
    --vs-border: #3a404c;
    --vs-accent: #7aa7ff;
    --vs-accent-fg: #0b1020;
  }
}
.offer {
  box-sizing: border-box;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 12px;
  padding: 6px 12px;
  background: var(--vs-bg);
  color: var(--vs-fg);
  border: 1px solid var(--vs-border);
  border-radius: 8px;
  box-shadow: 0 4px 16px rgb(0 0 0 / 0.18);
  font: 13px/1.4 system-ui, -apple-system, 'Segoe UI', sans-serif;
  text-align: start;
}
.brand { font-weight: 700; }
.text { margin: 0; flex: 1 1 16em; color: var(--vs-fg); }
.actions { display: flex; gap: 6px; flex-wrap: wrap; }
button {
  font: inherit;
  color: inherit;
  background: transparent;
  border: 1px solid var(--vs-border);
  border-radius: 6px;
  padding: 3px 10px;
  min-height: 24px;
  cursor: pointer;
}
button.primary { background: var(--vs-accent); color: var(--vs-accent-fg); border-color: var(--vs-accent); }
button.close { border: none; font-size: 16px; line-height: 1; padding: 2px 8px; }
button:focus-visible { outline: 2px solid var(--vs-accent); outline-offset: 2px; }
.refused { flex-basis: 100%; margin: 0; color: var(--vs-fg); font-weight: 600; }
`;

/**
 * Styles of the selection bubble, inside its shadow root: page CSS cannot reach it and it cannot reach
 * the page. Delivered by WXT as a stylesheet of the shadow root (no inline style in the page's DOM),
 * so pages with a strict CSP show it too. Colours follow components/ui/theme.css, light and dark.
 */
export const SELECTION_CSS = `
:host {
  --vs-bg: #ffffff;
  --vs-bg-2: #f4f5f7;
  --vs-fg: #1d2330;
  --vs-fg-2: #4b5565;
  --vs-border: #c9ced8;
  --vs-accent: #1f5fd1;
  --vs-accent-fg: #ffffff;
  --vs-danger: #b3261e;
  --vs-ok: #1e7d3a;
}
@media (prefers-color-scheme: dark) {
  :host {
    --vs-bg: #16191f;
    --vs-bg-2: #20242c;
    --vs-fg: #e7e9ee;
    --vs-fg-2: #aab1bf;
    --vs-border: #3a404c;
    --vs-accent: #7aa7ff;
    --vs-accent-fg: #0b1020;
    --vs-danger: #ff8a80;
    --vs-ok: #7bd88f;
  }
}
.bubble {
  position: fixed;
  z-index: 2147483647;
  box-sizing: border-box;
  width: min(380px, calc(100vw - 16px));
  overflow: auto;
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding: 10px 12px;
  background: var(--vs-bg);
  color: var(--vs-fg);
  border: 1px solid var(--vs-border);
  border-radius: 8px;
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.18);
  font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', sans-serif;
  text-align: start;
}
.bubble:focus { outline: none; }
.bubble:focus-visible, .bubble :focus-visible { outline: 2px solid var(--vs-accent); outline-offset: 2px; }
.head { display: flex; align-items: center; gap: 8px; }
.brand { font-weight: 700; }
.source { color: var(--vs-fg-2); font-size: 12px; flex: 1; }
.close { margin-left: auto; border: none; background: none; font-size: 18px; line-height: 1; padding: 2px 6px; }
.controls { display: flex; gap: 6px; flex-wrap: wrap; }
.result p { margin: 0 0 6px; white-space: normal; overflow-wrap: anywhere; }
.result p:last-child { margin-bottom: 0; }
.result :is(h1, h2, h3, h4, h5, h6) { margin: 0 0 6px; font-weight: 600; line-height: 1.3; overflow-wrap: anywhere; }
.result h1 { font-size: 1.3em; }
.result h2 { font-size: 1.2em; }
.result h3 { font-size: 1.1em; }
.result :is(h4, h5, h6) { font-size: 1em; }
.result :is(ul, ol) { margin: 0 0 6px; padding-inline-start: 1.4em; }
.result :is(ul, ol):last-child, .result :is(h1, h2, h3, h4, h5, h6):last-child { margin-bottom: 0; }
.result li { margin: 0 0 2px; overflow-wrap: anywhere; }
.result li.depth-1 { margin-inline-start: 1.2em; }
.result li.depth-2 { margin-inline-start: 2.4em; }
.result li.depth-3 { margin-inline-start: 3.6em; }
.result li.depth-4 { margin-inline-start: 4.8em; }
.result a { color: var(--vs-accent); }
.result table { display: block; max-width: 100%; overflow-x: auto; margin: 0 0 6px; border-collapse: collapse; }
.result table:last-child { margin-bottom: 0; }
.result :is(th, td) { padding: 2px 6px; border: 1px solid var(--vs-border); vertical-align: top; text-align: start; overflow-wrap: normal; }
.result th { font-weight: 600; background: var(--vs-bg-2); }
.muted { color: var(--vs-fg-2); }
.error { margin: 0; color: var(--vs-danger); }
.notice { margin: 0; color: var(--vs-ok); font-size: 13px; }
.ask { font-weight: 600; }
.actions .refused { flex-basis: 100%; order: 1; color: var(--vs-danger); font-size: 13px; }
.model p { margin: 0; color: var(--vs-fg-2); font-size: 12px; }
.actions { display: flex; gap: 6px; flex-wrap: wrap; align-items: center; }
button, select {
  font: inherit;
  font-size: 13px;
  color: inherit;
  background: var(--vs-bg-2);
  border: 1px solid var(--vs-border);
  border-radius: 6px;
  padding: 4px 10px;
  cursor: pointer;
}
select { max-width: 100%; }
button.primary { background: var(--vs-accent); color: var(--vs-accent-fg); border-color: var(--vs-accent); }
button.link { background: none; border-color: transparent; color: var(--vs-accent); text-decoration: underline; margin-left: auto; }
button:disabled { opacity: 0.55; cursor: not-allowed; }
`;

/** The translate button next to a selection: small, above the page, in the bubble's colours. */
export const SELECTION_BUTTON_CSS = `
:host {
  --vs-bg: #ffffff;
  --vs-fg: #1d2330;
  --vs-border: #c9ced8;
  --vs-accent: #1f5fd1;
}
@media (prefers-color-scheme: dark) {
  :host { --vs-bg: #16191f; --vs-fg: #e7e9ee; --vs-border: #3a404c; --vs-accent: #7aa7ff; }
}
.selection-button-place {
  position: fixed;
  z-index: 2147483647;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 4px;
  font: 13px/1.35 system-ui, -apple-system, 'Segoe UI', sans-serif;
}
.selection-button {
  box-sizing: border-box;
  height: 28px;
  min-width: 28px;
  padding: 2px 10px;
  font: 600 13px/1 system-ui, -apple-system, 'Segoe UI', sans-serif;
  color: var(--vs-accent);
  background: var(--vs-bg);
  border: 1px solid var(--vs-border);
  border-radius: 14px;
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.18);
  cursor: pointer;
}
.selection-button:hover { border-color: var(--vs-accent); }
.selection-button:focus-visible { outline: 2px solid var(--vs-accent); outline-offset: 2px; }
.refused {
  max-width: 260px;
  padding: 6px 8px;
  color: var(--vs-fg);
  background: var(--vs-bg);
  border: 1px solid var(--vs-border);
  border-radius: 6px;
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.18);
}
@media print { .selection-button-place { display: none; } }
`;

/**
 * Styles of the writing UI, inside its shadow root (so page CSS cannot reach it, and it cannot reach the
 * page). The colours follow components/ui/theme.css, light and dark. Sizes are in px and em, never rem:
 * rem follows the page's own root font size.
 */
export const WRITING_CSS = `
:host {
  --vw-bg: #ffffff;
  --vw-bg-2: #f4f5f7;
  --vw-fg: #1d2330;
  --vw-fg-2: #4b5565;
  --vw-border: #c9ced8;
  --vw-accent: #1f5fd1;
  --vw-accent-fg: #ffffff;
  --vw-danger: #b3261e;
  --vw-ok: #1e7d3a;
  --vw-warn: #8a5a00;
  --vw-del-bg: #fde7e7;
  --vw-ins-bg: #e3f4e6;
}
@media (prefers-color-scheme: dark) {
  :host {
    --vw-bg: #16191f;
    --vw-bg-2: #20242c;
    --vw-fg: #e7e9ee;
    --vw-fg-2: #aab1bf;
    --vw-border: #3a404c;
    --vw-accent: #7aa7ff;
    --vw-accent-fg: #0b1020;
    --vw-danger: #ff8a80;
    --vw-ok: #7bd88f;
    --vw-warn: #ffcc66;
    --vw-del-bg: #4a2326;
    --vw-ins-bg: #1f3d27;
  }
}
.vw-root { font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', sans-serif; color: var(--vw-fg); }
.vw-root * { box-sizing: border-box; }
button, select { font: inherit; color: inherit; }
:focus-visible { outline: 2px solid var(--vw-accent); outline-offset: 2px; }
.vw-button {
  position: fixed; z-index: 2147483646; width: 26px; height: 26px; padding: 0; border-radius: 50%;
  display: grid; place-items: center; cursor: pointer; opacity: 0.85;
  background: var(--vw-accent); color: var(--vw-accent-fg); border: 1px solid var(--vw-bg);
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.3);
}
.vw-button:hover, .vw-button[aria-expanded='true'] { opacity: 1; }
.vw-button svg { width: 15px; height: 15px; }
.vw-panel {
  position: fixed; z-index: 2147483647; width: 380px; overflow: auto; padding: 0.75em;
  background: var(--vw-bg); color: var(--vw-fg); border: 1px solid var(--vw-border); border-radius: 8px;
  box-shadow: 0 6px 24px rgb(0 0 0 / 0.25);
}
.vw-panel:focus { outline: none; }
.vw-head { display: flex; align-items: center; justify-content: space-between; gap: 0.5em; margin-bottom: 0.5em; }
.vw-head h2 { font-size: 1em; margin: 0; }
.vw-close { border: none; background: none; font-size: 1.2em; line-height: 1; padding: 0.2em 0.4em; cursor: pointer; border-radius: 4px; }
fieldset { border: none; margin: 0 0 0.5em; padding: 0; display: flex; gap: 0.75em; flex-wrap: wrap; }
legend { font-weight: 600; padding: 0; margin-bottom: 0.25em; }
.vw-field { display: flex; flex-direction: column; gap: 0.2em; margin-bottom: 0.5em; }
.vw-field label { font-weight: 600; }
.vw-field select { background: var(--vw-bg); border: 1px solid var(--vw-border); border-radius: 6px; padding: 0.3em 0.4em; }
.vw-hint { color: var(--vw-fg-2); font-size: 0.85em; margin: 0.2em 0; }
.vw-row { display: flex; gap: 0.5em; flex-wrap: wrap; align-items: center; margin: 0.5em 0; }
.vw-row button {
  border: 1px solid var(--vw-border); background: var(--vw-bg-2); border-radius: 6px; padding: 0.3em 0.7em; cursor: pointer;
}
.vw-row .vw-primary { background: var(--vw-accent); color: var(--vw-accent-fg); border-color: var(--vw-accent); }
button:disabled { opacity: 0.55; cursor: not-allowed; }
.vw-status { padding: 0.4em 0.6em; border-radius: 6px; border: 1px solid var(--vw-border); margin: 0.5em 0; }
.vw-status.error { border-color: var(--vw-danger); color: var(--vw-danger); }
.vw-status.warn { border-color: var(--vw-warn); color: var(--vw-warn); }
.vw-diff {
  white-space: pre-wrap; word-break: break-word; max-height: 16em; overflow: auto; padding: 0.5em;
  border: 1px solid var(--vw-border); border-radius: 6px; background: var(--vw-bg-2);
}
.vw-change { border-radius: 3px; }
.vw-change del { background: var(--vw-del-bg); color: inherit; text-decoration: line-through; }
.vw-change ins { background: var(--vw-ins-bg); color: inherit; text-decoration: none; }
.vw-change.accepted ins { outline: 1px solid var(--vw-ok); }
.vw-change.rejected del { text-decoration: none; background: none; }
.vw-change-actions { display: inline-flex; gap: 2px; margin: 0 2px; vertical-align: middle; white-space: nowrap; }
/* At least 24 by 24 px, the smallest target WCAG 2.2 allows (2.5.8), whatever the text size. */
.vw-change-actions button {
  font-size: 0.75em; line-height: 1; padding: 0.15em 0.3em; border-radius: 4px; cursor: pointer;
  border: 1px solid var(--vw-border); background: var(--vw-bg);
  min-width: 24px; min-height: 24px; display: inline-flex; align-items: center; justify-content: center;
  box-sizing: border-box;
}
.vw-change-actions button.accept { color: var(--vw-ok); }
.vw-change-actions button.reject { color: var(--vw-danger); }
.vw-marks { position: fixed; z-index: 2147483645; overflow: hidden; pointer-events: none; }
.vw-mark { position: absolute; height: 2px; border-radius: 1px; opacity: 0.9; pointer-events: none; }
.vw-mark-spelling { background: #d93025; }
.vw-mark-grammar { background: #1a73e8; }
.vw-mark-punctuation { background: #c26401; }
.vw-mark-style { background: #8430ce; }
.vw-counter {
  position: fixed; z-index: 2147483646; min-width: 22px; height: 22px; padding: 0 6px; border-radius: 11px;
  font: 600 12px/20px system-ui, sans-serif; cursor: pointer; text-align: center;
  background: #d93025; color: #ffffff; border: 1px solid var(--vw-bg); box-shadow: 0 1px 3px rgb(0 0 0 / 0.3);
}
.vw-notice {
  position: fixed; z-index: 2147483647; max-width: 320px; display: flex; gap: 0.4em; align-items: flex-start;
  padding: 0.4em 0.6em; border-radius: 6px; font: 13px/1.4 system-ui, sans-serif;
  background: var(--vw-bg); color: var(--vw-warn); border: 1px solid var(--vw-warn); box-shadow: 0 2px 8px rgb(0 0 0 / 0.2);
}
.vw-typing { margin-top: 0.6em; border-top: 1px solid var(--vw-border); padding-top: 0.4em; }
.vw-typing summary { cursor: pointer; font-weight: 600; }
.vw-check { display: flex; gap: 0.4em; align-items: flex-start; margin: 0.4em 0 0.2em; }
.vw-busy { color: var(--vw-fg-2); border-color: var(--vw-border); }
.vw-card {
  position: fixed; z-index: 2147483647; padding: 0.5em 0.7em; background: var(--vw-bg); color: var(--vw-fg);
  border: 1px solid var(--vw-border); border-radius: 8px; box-shadow: 0 4px 16px rgb(0 0 0 / 0.25);
}
.vw-card p { margin: 0.2em 0; }
.vw-card .vw-row { margin: 0.4em 0 0.1em; }
.vw-card-kind { font-size: 0.8em; font-weight: 600; text-transform: uppercase; letter-spacing: 0.03em; }
.vw-kind-spelling { color: #d93025; }
.vw-kind-grammar { color: #1a73e8; }
.vw-kind-punctuation { color: #c26401; }
.vw-kind-style { color: #8430ce; }
@media (prefers-color-scheme: dark) {
  .vw-kind-spelling { color: #ff8a80; }
  .vw-kind-grammar { color: #8ab4f8; }
  .vw-kind-punctuation { color: #fdd663; }
  .vw-kind-style { color: #d7aefb; }
}
.vw-card-change { font-size: 1.05em; }
.vw-card-change del { background: var(--vw-del-bg); color: inherit; }
.vw-card-change ins { background: var(--vw-ins-bg); color: inherit; text-decoration: none; font-weight: 600; }
.vw-items { list-style: none; margin: 0; padding: 0; }
.vw-items li { display: flex; flex-wrap: wrap; gap: 0.3em; align-items: center; padding: 0.3em 0; border-top: 1px solid var(--vw-border); }
.vw-item-change { flex: 1; min-width: 8em; }
.vw-item-actions { display: inline-flex; gap: 0.3em; }
.vw-item-actions button {
  border: 1px solid var(--vw-border); background: var(--vw-bg-2); border-radius: 6px; padding: 0.15em 0.5em; cursor: pointer;
}
.vw-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

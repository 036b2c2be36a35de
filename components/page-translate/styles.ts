/**
 * Styles of the page translation indicator, inside its shadow root: page CSS cannot reach it and it
 * cannot reach the page. Colours follow components/ui/theme.css, light and dark.
 */
export const INDICATOR_CSS = `
:host {
  --vs-bg: #ffffff;
  --vs-bg-2: #f4f5f7;
  --vs-fg: #1d2330;
  --vs-fg-2: #4b5565;
  --vs-border: #c9ced8;
  --vs-accent: #1f5fd1;
  --vs-accent-fg: #ffffff;
  --vs-danger: #b3261e;
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
  }
}
.indicator {
  position: fixed;
  z-index: 2147483646;
  box-sizing: border-box;
  width: min(300px, calc(100vw - 32px));
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 8px 10px;
  background: var(--vs-bg);
  color: var(--vs-fg);
  border: 1px solid var(--vs-border);
  border-radius: 8px;
  box-shadow: 0 4px 16px rgba(0, 0, 0, 0.16);
  font: 13px/1.4 system-ui, -apple-system, 'Segoe UI', sans-serif;
  text-align: start;
}
/* In the corner the person chose (dragged there, or moved with the keyboard), never in the middle of the text. */
.at-bottom-right { right: 16px; bottom: 16px; }
.at-bottom-left { left: 16px; bottom: 16px; }
.at-top-right { right: 16px; top: 16px; }
.at-top-left { left: 16px; top: 16px; }
.head { display: flex; align-items: center; gap: 4px; cursor: grab; touch-action: none; user-select: none; }
.head:active { cursor: grabbing; }
.brand { font-weight: 700; }
.state { flex: 1; color: var(--vs-fg-2); min-width: 0; }
.icon { border: none; background: none; font-size: 16px; line-height: 1; padding: 2px 6px; }
.retry { font-variant-numeric: tabular-nums; }
.bar { height: 4px; border-radius: 2px; background: var(--vs-bg-2); overflow: hidden; }
/* The fill grows by a transform, which the compositor animates: a width would lay out and walk the page
   in every frame of the transition, all the while the page is translated. */
.bar > span {
  display: block;
  height: 100%;
  background: var(--vs-accent);
  transform-origin: left;
  transition: transform 0.2s;
}
.problem { margin: 0; color: var(--vs-danger); overflow-wrap: anywhere; }
.note { margin: 0; color: var(--vs-fg-2); overflow-wrap: anywhere; }
.actions { display: flex; gap: 6px; flex-wrap: wrap; }
.actions .refused { flex-basis: 100%; order: 1; color: var(--vs-fg); font-size: 12px; font-weight: 600; }
button {
  font: inherit;
  color: inherit;
  background: var(--vs-bg-2);
  border: 1px solid var(--vs-border);
  border-radius: 6px;
  padding: 3px 10px;
  cursor: pointer;
}
button.primary { background: var(--vs-accent); color: var(--vs-accent-fg); border-color: var(--vs-accent); }
button:focus-visible { outline: 2px solid var(--vs-accent); outline-offset: 2px; }
@media (prefers-reduced-motion: reduce) { .bar > span { transition: none; } }
/* A printed page shows the translation, not Verso's card over it. */
@media print { .indicator { display: none; } }
`;

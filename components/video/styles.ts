/**
 * Styles of the control over a video's corner, inside its shadow root. Fully opaque: a click on a
 * translucent control cannot be told from a click through a decoy (lib/ui/visible-click.ts).
 */
export const VIDEO_CSS = `
:host {
  display: block !important;
  position: absolute !important;
  top: var(--vs-top, 0) !important;
  left: var(--vs-left, 0) !important;
  width: max-content !important;
  max-width: 90% !important;
  height: auto !important;
  margin: 0 !important;
  padding: 0 !important;
  border: 0 !important;
  background: transparent !important;
  z-index: 2147483646;
  --vs-bg: rgb(20, 24, 32);
  --vs-fg: #ffffff;
  --vs-accent: #7aa7ff;
}
.bar {
  border: 0;
  padding: 0;
  margin: 0;
  min-inline-size: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  align-items: center;
  font: 13px/1.3 system-ui, sans-serif;
}
button {
  font: inherit;
  color: var(--vs-fg);
  background: var(--vs-bg);
  border: 1px solid rgba(255, 255, 255, 0.5);
  border-radius: 4px;
  padding: 3px 8px;
  cursor: pointer;
}
button[aria-pressed="true"] { border-color: var(--vs-accent); box-shadow: inset 0 0 0 1px var(--vs-accent); }
button[aria-pressed="true"]::before { content: "✓ "; }
button:focus-visible { outline: 2px solid var(--vs-accent); outline-offset: 2px; }
.status, .refused {
  flex-basis: 100%;
  margin: 0;
  padding: 3px 8px;
  color: var(--vs-fg);
  background: var(--vs-bg);
  border-radius: 4px;
  max-width: 40em;
}
`;

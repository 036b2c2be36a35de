/**
 * Verso's own in-page hosts (the shadow hosts of the writing UI, the selection bubble and button, the
 * page indicator, the offer bar), known by identity: page translation never sends or rewrites their
 * text, whatever the page does to their names or attributes (a page can strip or copy attributes; it
 * cannot put its own element into this set). Shared by every feature of one content script.
 */
const hosts = new WeakSet<Node>();
/** Hosts Verso put in the top layer (`popover="manual"`), where no page content paints over them. */
const raised = new WeakSet<Node>();

/** Records a shadow host as Verso's own. */
export function markOwnHost(host: Element): void {
  hosts.add(host);
}

/** Whether a node is one of Verso's own hosts (not: inside one; hosts hold their UI in shadow roots). */
export const isOwnHost = (node: Node): boolean => hosts.has(node);

/**
 * Puts a mounted host in the top layer, above anything the page paints (a decoy laid over Verso's
 * buttons included) and out of reach of its ancestors' opacity, filters and clipping. Call again after
 * each mount: removing the host closes it. False where the browser has no popovers.
 */
export function raiseToTopLayer(host: HTMLElement): boolean {
  if (typeof host.showPopover !== 'function') return false;
  markOwnHost(host);
  raised.add(host);
  try {
    if (host.getAttribute('popover') !== 'manual') host.setAttribute('popover', 'manual');
    if (!host.matches(':popover-open')) host.showPopover();
    return true;
  } catch {
    return false;
  }
}

/** Whether Verso put this host in the top layer (so it must be there now). */
export const expectsTopLayer = (host: Node): boolean => raised.has(host);

/**
 * Styles for a host in the top layer (put before the UI's own styles in its shadow root): the host is a
 * box the size of the viewport that takes no click (the page under it stays usable); only the UI's own
 * parts (`body > *`) take clicks.
 */
export const TOP_LAYER_HOST_CSS = `
:host(:popover-open) {
  position: fixed !important;
  inset: 0 !important;
  width: auto !important;
  height: auto !important;
  margin: 0 !important;
  padding: 0 !important;
  border: 0 !important;
  background: transparent !important;
  overflow: visible !important;
  pointer-events: none !important;
}
html { height: 100%; }
body { margin: 0; height: 100%; }
body > * { pointer-events: auto; }
`;

import { browser } from 'wxt/browser';

type SidePanelApi = { open(options: { windowId: number }): Promise<void> };
type SidebarApi = { open(): Promise<void> };

/**
 * Opens the side panel (Chrome) or the sidebar (Firefox) of a window. Both browsers allow it only in
 * answer to the person's gesture (a shortcut, a click), so it must be called at once, with no `await`
 * before it. Resolves false where the browser has neither.
 */
export function openSidePanel(windowId: number | undefined): Promise<boolean> {
  const api = browser as unknown as { sidePanel?: SidePanelApi; sidebarAction?: SidebarApi };
  if (api.sidebarAction) return api.sidebarAction.open().then(() => true);
  if (api.sidePanel && windowId !== undefined) return api.sidePanel.open({ windowId }).then(() => true);
  return Promise.resolve(false);
}

/**
 * Applies the panel requests features send through `lib/panels.ts` to the frame's layout: `show`
 * opens the right sidebar on that panel (whitelist-checked like every open, never toggled closed),
 * `closeAll` closes both sidebars. Bound once at start-up (`app/bootstrap.tsx`), so a request made
 * before the frame is on screen (a chat route, a pushed direct chat) is not lost.
 */
import { onPanelRequest, type PanelRequest } from "@/lib/panels";
import { useLayout } from "./layout-store";

export function applyPanelRequest(request: PanelRequest): void {
  const layout = useLayout.getState();
  if (request.kind === "show") void layout.showRight(request.panel);
  else layout.closeSidebars();
}

/** Subscribes the layout to panel requests; returns the unsubscribe function. */
export function bindPanelRequests(): () => void {
  return onPanelRequest(applyPanelRequest);
}

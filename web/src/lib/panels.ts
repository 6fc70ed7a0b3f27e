/**
 * Requests from a feature to the venue frame: "show the chat panel", "close the sidebars".
 *
 * The frame (its layout store, sidebars and menu) is app-level composition in `src/app/`, which
 * features must not import; a feature that wants a panel shown says so here and the frame, which
 * subscribes once at start-up, decides how. This keeps the dependency one way: app → features → lib.
 */

/** Panels a feature may ask the frame to show in the right sidebar. */
export type PanelName = "chat";

export type PanelRequest = { kind: "show"; panel: PanelName } | { kind: "closeAll" };

type Listener = (request: PanelRequest) => void;

const listeners = new Set<Listener>();

/** Shows `panel` in the right sidebar (open stays open: a request never toggles it closed). */
export function showPanel(panel: PanelName): void {
  emit({ kind: "show", panel });
}

/** Closes both sidebars. */
export function closePanels(): void {
  emit({ kind: "closeAll" });
}

/** The frame's subscription; returns the unsubscribe function. */
export function onPanelRequest(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function emit(request: PanelRequest): void {
  for (const listener of [...listeners]) listener(request);
}

/**
 * The venue frame's layout (attendee-app.md §4): sidebars, the media menu, the selected session,
 * the "over page" and IFrame items, a requested view direction. The rules are pure functions
 * (`rightAfterOpen`, `rightAfterShow`, `rightAfterClose`, `leftAfterOpen`, `afterRoomChange`) so
 * they are tested without React; the store applies them.
 *
 * This is app-level state: features never import it. A feature asks for a panel through
 * `lib/panels.ts` (`panel-requests.ts` applies the request here); the room and the pages get what
 * they need as props from the frame's route modules (`routes.tsx` in this folder).
 */
import { create } from "zustand";
// Types only: this store loads with the app shell (guards, layouts), and a value import of the
// venue would bring the venue's menu model into the login route's JS.
import type { AgendaMode, IframeItem, LeftPanel, MediaFrame, RightPanel, SliderPage } from "@/features/venue";

export type { AgendaMode, LeftPanel, MediaFrame, RightPanel, SliderPage };

/** Right panels that stay open when opened again; typed so it lists exactly the SliderPage names. */
const SLIDER_PAGES: Record<SliderPage, true> = { cinema: true, breakoutroom: true };

export const isSliderPage = (panel: RightPanel | null): panel is SliderPage => panel !== null && Object.hasOwn(SLIDER_PAGES, panel);

export interface RightState {
  rightSidebar: RightPanel | null;
  /** The slider page loaded last; closing another panel returns to it. */
  sliderPage: SliderPage | null;
  /** The slide shown inside the slider page; loading a slider page resets it. */
  slide: number;
}

/** Opening: the active panel again closes it, unless it is a slider page; a slider page is remembered. */
export function rightAfterOpen(state: RightState, panel: RightPanel): RightState {
  if (isSliderPage(panel)) return { rightSidebar: panel, sliderPage: panel, slide: 0 };
  if (state.rightSidebar === panel) return rightAfterClose(state);
  return { ...state, rightSidebar: panel };
}

/**
 * Showing on request (a feature asked through lib/panels.ts): like opening, except that a panel
 * already shown stays shown — a request never toggles it closed.
 */
export function rightAfterShow(state: RightState, panel: RightPanel): RightState {
  return state.rightSidebar === panel ? state : rightAfterOpen(state, panel);
}

/**
 * Closing returns to the remembered slider page if one exists, otherwise to none. Closing the
 * slider page itself forgets it (otherwise it could never be closed).
 */
export function rightAfterClose(state: RightState): RightState {
  if (state.sliderPage && state.rightSidebar !== state.sliderPage) {
    return { ...state, rightSidebar: state.sliderPage };
  }
  return { rightSidebar: null, sliderPage: null, slide: 0 };
}

/** Left sidebar: opening the open panel closes it. */
export function leftAfterOpen(current: LeftPanel | null, panel: LeftPanel): LeftPanel | null {
  return current === panel ? null : panel;
}

/** Only the poll panel resizes the venue; media_info floats over it. */
export const leftResizesLayout = (panel: LeftPanel | null): boolean => panel === "poll";

/**
 * Entering another room closes both sidebars; a room whose node mounts the cinema or replays
 * component opens that panel instead (so an open cinema/replays closes in rooms without it).
 */
export function afterRoomChange(
  components: readonly string[],
): RightState & { leftSidebar: LeftPanel | null } {
  const closed = { rightSidebar: null, sliderPage: null, slide: 0, leftSidebar: null };
  if (components.includes("cinema")) return { ...closed, ...rightAfterOpen(closed, "cinema") };
  if (components.includes("replays")) return { ...closed, rightSidebar: "replays" };
  return closed;
}

/**
 * Checked before every open (§4, §7: GET events/{eventID}/email-whitelist). Resolves false when
 * the email is no longer admitted; the venue registers it together with what to do then.
 */
export interface AccessCheck {
  check: () => Promise<boolean>;
  onRefused: () => void;
}

let accessCheck: AccessCheck | null = null;

/** The venue registers the whitelist check; returns the function that removes it. */
export function setAccessCheck(next: AccessCheck | null): () => void {
  accessCheck = next;
  return () => {
    if (accessCheck === next) accessCheck = null;
  };
}

/** Runs `apply` once the whitelist allows it; an unreachable check (offline) is not a refusal. */
export async function afterAccessCheck(apply: () => void): Promise<void> {
  const current = accessCheck;
  if (!current) {
    apply();
    return;
  }
  let allowed: boolean;
  try {
    allowed = await current.check();
  } catch {
    allowed = true;
  }
  if (allowed) apply();
  else current.onRefused();
}

interface LayoutState extends RightState {
  leftSidebar: LeftPanel | null;
  selectedSessionID: string | null;
  agendaMode: AgendaMode;
  mediaMenu: { open: boolean; frame: MediaFrame | null };
  /** An URL menu item in "Over page" mode, shown over the venue at half width. */
  overPage: { src: string; title: string } | null;
  /** The IFrame menu item shown at /iframe. */
  iframe: IframeItem | null;
  /** A view direction a menu item asked for (Panorama/VirtualLocation angle), applied once. */
  requestedYaw: number | null;
  openRight: (panel: RightPanel) => Promise<void>;
  /** Shows a panel without toggling it closed when it is already shown (access-checked too). */
  showRight: (panel: RightPanel) => Promise<void>;
  closeRight: () => void;
  openLeft: (panel: LeftPanel) => Promise<void>;
  closeLeft: () => void;
  closeSidebars: () => void;
  /**
   * The room entered last; entering the same room again (e.g. back from a chat route) changes
   * nothing, and entering the first one keeps a panel opened before it.
   */
  room: string | null;
  enterRoom: (room: string, components: readonly string[]) => void;
  setSlide: (slide: number) => void;
  setAgendaMode: (mode: AgendaMode) => void;
  toggleMediaMenu: (open?: boolean) => void;
  /** Choosing a media entry makes it the current frame and closes the menu's list. */
  openMediaFrame: (frame: MediaFrame | null) => void;
  showOverPage: (page: { src: string; title: string } | null) => void;
  showIframe: (iframe: LayoutState["iframe"]) => void;
  requestYaw: (yaw: number | null) => void;
  selectSession: (id: string | null) => void;
}

const initial = {
  rightSidebar: null,
  sliderPage: null,
  slide: 0,
  leftSidebar: null,
  selectedSessionID: null,
  agendaMode: "agenda" as AgendaMode,
  mediaMenu: { open: false, frame: null },
  overPage: null,
  iframe: null,
  requestedYaw: null,
  room: null,
};

export const useLayout = create<LayoutState>((set, get) => ({
  ...initial,
  openRight: (panel) => afterAccessCheck(() => set(rightAfterOpen(get(), panel))),
  // The rule is applied after the check, on the state of that moment: two requests in flight
  // cannot toggle each other closed.
  showRight: (panel) => afterAccessCheck(() => set(rightAfterShow(get(), panel))),
  closeRight: () => set(rightAfterClose(get())),
  openLeft: (panel) => afterAccessCheck(() => set({ leftSidebar: leftAfterOpen(get().leftSidebar, panel) })),
  closeLeft: () => set({ leftSidebar: null }),
  closeSidebars: () => set({ rightSidebar: null, sliderPage: null, slide: 0, leftSidebar: null }),
  enterRoom: (room, components) => {
    const { room: previous, rightSidebar, leftSidebar } = get();
    if (previous === room) return;
    // The first room of the visit is not "another room" (§4): a panel the attendee opened while
    // the venue was still loading (the menu is there before the tour) stays open.
    if (previous === null && (rightSidebar || leftSidebar)) set({ room });
    else set({ room, ...afterRoomChange(components) });
  },
  setSlide: (slide) => set({ slide }),
  setAgendaMode: (agendaMode) => set({ agendaMode }),
  toggleMediaMenu: (open) => set((s) => ({ mediaMenu: { ...s.mediaMenu, open: open ?? !s.mediaMenu.open } })),
  openMediaFrame: (frame) => set({ mediaMenu: { open: false, frame } }),
  showOverPage: (overPage) => set({ overPage }),
  showIframe: (iframe) => set({ iframe }),
  requestYaw: (requestedYaw) => set({ requestedYaw }),
  selectSession: (id) => set({ selectedSessionID: id }),
}));

/** Test helper: back to the initial layout. */
export function resetLayout(): void {
  useLayout.setState(initial);
  accessCheck = null;
}

/**
 * Sidebars and the selected session (attendee-app.md §4). The venue work implements the rules;
 * this is the surface other features use: `openRight(panel)` opens a right panel (re-checking the
 * whitelist first), `closeSidebars()` closes both.
 */
import { create } from "zustand";

export type RightPanel =
  | "faq"
  | "agenda"
  | "speaker"
  | "chat"
  | "leaderboard"
  | "breakoutroom"
  | "cinema"
  | "replays";
export type LeftPanel = "poll" | "media_info";

interface LayoutState {
  rightSidebar: RightPanel | null;
  leftSidebar: LeftPanel | null;
  selectedSessionID: string | null;
  openRight: (panel: RightPanel) => void;
  closeSidebars: () => void;
  selectSession: (id: string | null) => void;
}

export const useLayout = create<LayoutState>((set) => ({
  rightSidebar: null,
  leftSidebar: null,
  selectedSessionID: null,
  openRight: (panel) => set({ rightSidebar: panel }),
  closeSidebars: () => set({ rightSidebar: null, leftSidebar: null }),
  selectSession: (id) => set({ selectedSessionID: id }),
}));

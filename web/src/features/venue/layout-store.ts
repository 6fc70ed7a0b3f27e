/** Sidebars and the selected session; the venue and chat issues fill these in. */
import { create } from "zustand";

interface LayoutState {
  rightSidebar: string | null;
  leftSidebar: string | null;
  selectedSessionID: string | null;
  closeSidebars: () => void;
  selectSession: (id: string | null) => void;
}

export const useLayout = create<LayoutState>((set) => ({
  rightSidebar: null,
  leftSidebar: null,
  selectedSessionID: null,
  closeSidebars: () => set({ rightSidebar: null, leftSidebar: null }),
  selectSession: (id) => set({ selectedSessionID: id }),
}));

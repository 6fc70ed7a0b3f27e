/**
 * "Show me that poll": the notice's Vote button asks for a poll, the panel (once it lists it)
 * moves the focus there and forgets the request. Module state of this feature only.
 */
import { create } from "zustand";

interface PollFocus {
  pollID: string | null;
  request: (pollID: string) => void;
  done: () => void;
}

export const usePollFocus = create<PollFocus>((set) => ({
  pollID: null,
  request: (pollID) => set({ pollID }),
  done: () => set({ pollID: null }),
}));

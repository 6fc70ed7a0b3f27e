/** The signed-in person's attendee record in the current event, loaded at start-up. */
import { create } from "zustand";
import type { Attendee } from "./api/get-attendee";

interface AttendeeState {
  attendee: Attendee | null;
  setAttendee: (attendee: Attendee | null) => void;
}

export const useAttendeeStore = create<AttendeeState>((set) => ({
  attendee: null,
  setAttendee: (attendee) => set({ attendee }),
}));

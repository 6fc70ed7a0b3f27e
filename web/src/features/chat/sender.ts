/**
 * How a sender looks in chat: name and picture. Others come from the names the chat asked the
 * server for; the signed-in person comes from their own attendee record, which the profile screen
 * updates on save, so a new name or picture shows on their messages at once, without a reload.
 */
import { useAttendeeStore } from "@/features/events";
import type { ChatState } from "./state";

export interface SenderLook {
  name: string | null;
  pictureURL: string | null;
}

export function useSenderLook(): (state: ChatState, personID: string) => SenderLook {
  const me = useAttendeeStore((s) => s.attendee);
  return (state, personID) => {
    const known = state.names[personID];
    if (me && me.PersonID === personID) {
      return { name: me.FullName || known?.FullName || null, pictureURL: me.PictureURL || null };
    }
    return { name: known?.FullName ?? null, pictureURL: known?.PictureURL || null };
  };
}

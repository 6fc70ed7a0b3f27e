/** Unread counts for the menu badge (rooms the panel lists) and for one room (a help desk ticket). */
import { useChatBootstrap } from "./bootstrap";
import { roomUnread, totalUnread } from "./state";
import { useChat } from "./store";

export function useChatUnreadTotal(): number {
  useChatBootstrap();
  return useChat(totalUnread);
}

/** Unread messages of one room; 0 while the chat does not hold it yet. */
export function useRoomUnread(roomID: string): number {
  useChatBootstrap();
  return useChat((state) => roomUnread(state, roomID));
}

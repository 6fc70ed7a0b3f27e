/** Unread count over every chat room of the attendee, for the menu badge. */
import { useChatBootstrap } from "./bootstrap";
import { totalUnread } from "./state";
import { useChat } from "./store";

export function useChatUnreadTotal(): number {
  useChatBootstrap();
  return useChat(totalUnread);
}

/** Unread count over every chat room of the attendee, for the menu badge. */
export function useChatUnreadTotal(): number {
  return 0;
}

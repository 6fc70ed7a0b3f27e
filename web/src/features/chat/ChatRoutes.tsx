/**
 * `/chat/direct/{personID}` and `/chat/group/{groupID}` (attendee-app.md §2): remember the target in
 * session storage, go back to the previous location, then open that chat in the right sidebar.
 */
export function DirectChatRoute() {
  return null;
}

export function GroupChatRoute() {
  return null;
}

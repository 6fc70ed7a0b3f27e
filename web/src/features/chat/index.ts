/**
 * Public surface of the chat feature, used by the venue (sidebar panel, badge) and the router.
 * Keep these names stable: the venue imports them.
 */
export { ChatPanel } from "./ChatPanel";
export { useChatUnreadTotal } from "./unread";
export { openDirect, openGroup } from "./actions";

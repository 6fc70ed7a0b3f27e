/**
 * Public surface of the chat feature, used by the venue (sidebar panel, badge) and the router.
 * Keep these names stable: the venue imports them.
 */
export { ChatPanel } from "./ChatPanel";
export { useChatUnreadTotal } from "./unread";
export { forgetRoom, openDirect, openGroup } from "./actions";
export { RoomChat } from "./RoomChat";
export { Avatar } from "./Avatar";

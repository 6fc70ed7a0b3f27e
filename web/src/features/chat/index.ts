/**
 * Public surface of the chat feature, used by the venue (sidebar panel, badge), the router, and
 * the features that own rooms of their own (breakout rooms, the help desk). Keep these names
 * stable: the venue imports them.
 */
export { ChatPanel } from "./ChatPanel";
export { useChatUnreadTotal, useRoomUnread } from "./unread";
export { forgetRoom, openDirect, openGroup } from "./actions";
export { RoomChat } from "./RoomChat";
export { Avatar } from "./Avatar";
export { MessageText } from "./MessageText";

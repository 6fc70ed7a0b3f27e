import { useTranslation } from "react-i18next";
import { Avatar } from "./Avatar";
import { selectRoom } from "./actions";
import { type ChatState, directPartner, displayName, listedRoomIDs, roomUnread, selectedRoomID } from "./state";
import { useSenderLook } from "./sender";
import { useChat } from "./store";

/** The room's title: "Everyone" for broadcast, the other person for a direct chat, else its title. */
export function useRoomTitle(): (state: ChatState, roomID: string) => string {
  const { t } = useTranslation();
  return (state, roomID) => {
    const entry = state.rooms[roomID];
    if (!entry) return "";
    if (entry.kind === "broadcast") return t("chat.broadcast");
    if (entry.kind === "direct") {
      const partner = directPartner(state, entry);
      return (partner && displayName(state, partner)) || t("chat.someone");
    }
    return entry.room.Title || t("chat.group");
  };
}

export function RoomList() {
  const { t } = useTranslation();
  const state = useChat();
  const title = useRoomTitle();
  const lookOf = useSenderLook();
  const selected = selectedRoomID(state);
  return (
    <nav className="chat-rooms" aria-label={t("chat.rooms")}>
      <ul>
        {listedRoomIDs(state).map((roomID) => {
          const unread = roomUnread(state, roomID);
          const name = title(state, roomID);
          const entry = state.rooms[roomID];
          const partner = entry?.kind === "direct" ? directPartner(state, entry) : null;
          return (
            <li key={roomID}>
              <button
                type="button"
                className="chat-rooms__item"
                aria-current={roomID === selected ? "true" : undefined}
                onClick={() => selectRoom(roomID)}
                data-room={state.rooms[roomID]?.kind}
              >
                <Avatar name={name} pictureURL={partner ? lookOf(state, partner).pictureURL : null} />
                <span className="chat-rooms__name">{name}</span>
                {unread > 0 && (
                  <span className="chat-badge" aria-label={t("chat.unreadBadge", { count: unread })}>
                    {unread > 99 ? "99+" : unread}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * One chat room on its own, for a feature that owns a room of its members (a breakout room's
 * chat, a help desk conversation): the same room view as the chat panel, without the room list.
 * The chat is started as by any chat surface; a room the person has just become a member of is
 * fetched and loaded. The owner may name the room (`title`, which it may show as its own heading
 * instead: `showTitle` false) and stop writing into it (`locked`: the sentence shown instead of the
 * message box, e.g. a closed help desk conversation).
 */
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChatBootstrap } from "./bootstrap";
import { RoomView } from "./RoomView";
import { ensureRoom, useChat } from "./store";
import "./chat.css";

interface RoomChatProps {
  roomID: string;
  title?: string | undefined;
  showTitle?: boolean | undefined;
  locked?: string | null | undefined;
}

export function RoomChat({ roomID, title, showTitle, locked }: RoomChatProps) {
  const { t } = useTranslation();
  useChatBootstrap();
  const eventID = useChat((s) => s.eventID);
  const known = useChat((s) => s.rooms[roomID] !== undefined);
  useEffect(() => {
    if (eventID && !known) void ensureRoom(roomID);
  }, [eventID, known, roomID]);
  return (
    <div className="chat chat--single" data-chatroom={roomID}>
      {known ? (
        <RoomView key={roomID} roomID={roomID} title={title} showTitle={showTitle} locked={locked} />
      ) : (
        <p className="muted" role="status">
          {t("chat.loading")}
        </p>
      )}
    </div>
  );
}

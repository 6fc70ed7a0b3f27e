/** The chat sidebar panel (broadcast room, direct and group chats). */
import { useTranslation } from "react-i18next";
import { useChatBootstrap } from "./bootstrap";
import { RoomList } from "./RoomList";
import { RoomView } from "./RoomView";
import { selectedRoomID } from "./state";
import { useChat } from "./store";
import "./chat.css";

export function ChatPanel() {
  const { t } = useTranslation();
  useChatBootstrap();
  const loading = useChat((s) => s.loading);
  const roomID = useChat(selectedRoomID);
  const creating = useChat((s) => s.pendingDirect !== null);
  return (
    <section className="chat" aria-label={t("chat.title")} data-panel="chat">
      {loading ? (
        <p className="muted" role="status">
          {t("chat.loading")}
        </p>
      ) : (
        <>
          <RoomList />
          {creating && (
            <p className="muted" role="status">
              {t("chat.startDirect")}
            </p>
          )}
          {roomID && <RoomView key={roomID} roomID={roomID} />}
        </>
      )}
    </section>
  );
}

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { codeMessageKey } from "@/lib/errors";
import { useRealtimeState } from "./bootstrap";
import { Composer } from "./Composer";
import { canLoadEarlier } from "./logic";
import { MessageItem } from "./MessageItem";
import { useRoomTitle } from "./RoomList";
import { clearError, deleteMessage, markRead, setVisibleRoom } from "./actions";
import { useSenderLook } from "./sender";
import { canDelete } from "./state";
import { loadEarlier, useChat } from "./store";
import { previewText } from "./text";
import type { LocalMessage } from "./types";

/**
 * At most this many messages are in the DOM at once; "show earlier" reveals more (then loads
 * pages of 20 from the server). A broadcast room of a big event stays fast without virtualising.
 */
export const RENDER_STEP = 100;

interface RoomViewProps {
  roomID: string;
  /** Replaces the room's own title (a help desk conversation is named by its topic). */
  title?: string | undefined;
  /** False when the owner shows the room's name as its own heading (default true). */
  showTitle?: boolean | undefined;
  /** When set, this sentence stands where the message box would be: nothing can be written. */
  locked?: string | null | undefined;
}

export function RoomView({ roomID, title, showTitle = true, locked }: RoomViewProps) {
  const { t, i18n } = useTranslation();
  const state = useChat();
  const lookOf = useSenderLook();
  const entry = state.rooms[roomID];
  const ownTitle = useRoomTitle()(state, roomID);
  const roomTitle = title ?? ownTitle;
  const online = useRealtimeState() === "open";
  const [limit, setLimit] = useState(RENDER_STEP);
  const [editing, setEditing] = useState<LocalMessage | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  useEffect(() => {
    // The panel keys this view by room, so limit, editing and scrolling start fresh per room.
    setVisibleRoom(roomID);
    return () => setVisibleRoom(null);
  }, [roomID]);

  const messages = entry?.messages ?? [];
  const newest = entry?.lastID ?? null;

  // Reading: whatever arrives while the room is on screen (and the tab visible) counts as read.
  useEffect(() => {
    if (!newest) return;
    if (typeof document !== "undefined" && document.visibilityState === "hidden") return;
    markRead(roomID);
  }, [roomID, newest]);

  useLayoutEffect(() => {
    const element = list.current;
    if (element && stick.current) element.scrollTop = element.scrollHeight;
  }, [messages.length, roomID]);

  const onScroll = useCallback(() => {
    const element = list.current;
    if (element) stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
  }, []);

  if (!entry) return null;
  const shown = messages.length > limit ? messages.slice(-limit) : messages;
  const hiddenLocally = messages.length - shown.length;
  const earlier = hiddenLocally > 0 || canLoadEarlier(messages.length, entry.lastPageSize);
  const incoming = state.lastIncoming?.roomID === roomID ? messages.find((m) => m.ID === state.lastIncoming?.messageID) : undefined;
  const nameOf = (personID: string) => lookOf(state, personID).name ?? t("chat.someone");

  return (
    <div className="chat-room">
      {showTitle ? <h2 className="chat-room__title">{roomTitle}</h2> : null}
      {!online && (
        <p className="chat-room__offline" role="status">
          {t("chat.offline")}
        </p>
      )}
      {state.error && (
        <div className="chat-room__error" role="alert">
          <span>{t(codeMessageKey(state.error))}</span>
          <button type="button" className="chat-link-button" onClick={clearError}>
            {t("chat.dismiss")}
          </button>
        </div>
      )}
      <div className="chat-room__messages" ref={list} onScroll={onScroll} tabIndex={0} aria-label={t("chat.messages", { room: roomTitle })}>
        {earlier && (
          <button
            type="button"
            className="chat-room__earlier"
            disabled={entry.loadingEarlier}
            onClick={() => {
              stick.current = false;
              if (hiddenLocally > 0) setLimit((n) => n + RENDER_STEP);
              else {
                setLimit((n) => n + RENDER_STEP);
                void loadEarlier(roomID);
              }
            }}
          >
            {t("chat.loadEarlier")}
          </button>
        )}
        {!entry.loaded && <p className="muted">{t("chat.loading")}</p>}
        {entry.loaded && messages.length === 0 && <p className="muted">{t("chat.empty")}</p>}
        <ol className="chat-room__list">
          {shown.map((message) => (
            <MessageItem
              key={message.ID || `tmp:${message.TmpID}`}
              message={message}
              entry={entry}
              name={nameOf(message.SenderID)}
              pictureURL={lookOf(state, message.SenderID).pictureURL}
              mine={message.SenderID === state.me}
              deletable={canDelete(state, entry, message)}
              onEdit={locked ? undefined : setEditing}
              onDelete={(m) => deleteMessage(roomID, m.ID)}
              language={i18n.language}
            />
          ))}
        </ol>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {incoming ? t("chat.newMessage", { name: nameOf(incoming.SenderID), text: previewText(incoming.Text) }) : ""}
      </p>
      {locked ? (
        <p className="chat-room__locked" role="status">
          {locked}
        </p>
      ) : (
        <Composer key={editing ? `edit:${editing.ID}` : "new"} roomID={roomID} roomTitle={roomTitle} editing={editing} onEditDone={() => setEditing(null)} />
      )}
    </div>
  );
}

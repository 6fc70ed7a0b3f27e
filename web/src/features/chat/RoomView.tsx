import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Composer } from "./Composer";
import { canLoadEarlier } from "./logic";
import { MessageItem } from "./MessageItem";
import { RoomHeader } from "./RoomHeader";
import { useRoomTitle } from "./RoomList";
import { deleteMessage, markRead, setVisibleRoom } from "./actions";
import { useSenderLook } from "./sender";
import { canDelete } from "./state";
import { loadEarlier, useChat } from "./store";
import { previewText, quoteLine } from "./text";
import type { LocalMessage, Quote } from "./types";

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
  const [limit, setLimit] = useState(RENDER_STEP);
  const [editing, setEditing] = useState<LocalMessage | null>(null);
  const [replyTo, setReplyTo] = useState<Quote | null>(null);
  const [jumpTo, setJumpTo] = useState<string | null>(null);
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

  // A reply's quote was pressed: once its original is rendered, scroll to it and focus it.
  useEffect(() => {
    if (!jumpTo) return;
    const target = list.current?.querySelector<HTMLElement>(`[data-message-id="${jumpTo}"]`);
    if (!target) return;
    stick.current = false;
    target.scrollIntoView?.({ block: "center" });
    target.focus({ preventScroll: true });
    setJumpTo(null);
  }, [jumpTo, limit]);

  const onScroll = useCallback(() => {
    const element = list.current;
    if (element) stick.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
  }, []);

  if (!entry) return null;
  const shown = messages.length > limit ? messages.slice(-limit) : messages;
  const hiddenLocally = messages.length - shown.length;
  const earlier = hiddenLocally > 0 || canLoadEarlier(messages.length, entry.lastPageSize);
  const incoming = state.lastIncoming?.roomID === roomID ? messages.find((m) => m.ID === state.lastIncoming?.messageID) : undefined;
  // A null sender is an erased account: its messages stay, from "Deleted user".
  const nameOf = (personID: string | null) => (personID === null ? t("chat.deletedUser") : (lookOf(state, personID).name ?? t("chat.someone")));
  // Help desk conversations are between an attendee and the organizers' agents: no person menu.
  const personActions = entry.kind !== "support";
  const quoteOf = (message: LocalMessage): Quote | null | undefined => {
    if (!message.RepliedToMessageID) return undefined;
    const original = messages.find((m) => m.ID === message.RepliedToMessageID);
    return original ? { id: original.ID, name: nameOf(original.SenderID), text: quoteLine(original.Text) } : null;
  };
  const jump = (id: string) => {
    const index = messages.findIndex((m) => m.ID === id);
    // Rendered only from the newest `limit` on: reveal as far back as the original first.
    if (index >= 0 && index < messages.length - limit) setLimit(messages.length - index);
    setJumpTo(id);
  };

  return (
    <div className="chat-room">
      <RoomHeader roomID={roomID} title={roomTitle} showTitle={showTitle} locked={Boolean(locked)} />
      <div className="chat-room__messages" ref={list} onScroll={onScroll} tabIndex={0} aria-label={t("chat.messages", { room: roomTitle })}>
        {earlier && (
          <button
            type="button"
            className="chat-room__earlier"
            disabled={entry.loadingEarlier}
            onClick={() => {
              stick.current = false;
              setLimit((n) => n + RENDER_STEP);
              if (hiddenLocally === 0) void loadEarlier(roomID);
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
              pictureURL={message.SenderID === null ? null : lookOf(state, message.SenderID).pictureURL}
              mine={message.SenderID === state.me}
              deletable={canDelete(state, entry, message)}
              onEdit={locked ? undefined : setEditing}
              onDelete={(m) => deleteMessage(roomID, m.ID)}
              onReply={locked ? undefined : (m) => setReplyTo({ id: m.ID, name: nameOf(m.SenderID), text: quoteLine(m.Text) })}
              quote={quoteOf(message)}
              onQuote={jump}
              myReaction={message.ID ? entry.myReactions[message.ID] : undefined}
              personActions={personActions}
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
        <Composer
          key={editing ? `edit:${editing.ID}` : "new"}
          roomID={roomID}
          roomTitle={roomTitle}
          editing={editing}
          onEditDone={() => setEditing(null)}
          replyTo={editing ? null : replyTo}
          onReplyDone={() => setReplyTo(null)}
        />
      )}
    </div>
  );
}

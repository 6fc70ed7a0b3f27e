import { memo } from "react";
import { useTranslation } from "react-i18next";
import { useDisplayZone } from "@/features/accounts";
import { formatTime } from "@/lib/dates";
import { Avatar } from "./Avatar";
import { MessageText } from "./MessageText";
import { discardMessage, retryMessage } from "./actions";
import type { RoomEntry } from "./state";
import type { LocalMessage } from "./types";

interface Props {
  message: LocalMessage;
  entry: RoomEntry;
  name: string;
  /** The sender's picture; initials are shown without one. */
  pictureURL?: string | null;
  mine: boolean;
  deletable: boolean;
  /** Without it (a locked room) one's own messages offer no Edit. */
  onEdit?: ((message: LocalMessage) => void) | undefined;
  onDelete: (message: LocalMessage) => void;
  language: string;
}

/** How many other members have read up to this message (not in the broadcast room). A support
 * conversation says only "Read": whoever of the help desk read it. */
function readCount(entry: RoomEntry, message: LocalMessage, me: string): number {
  if (entry.kind === "broadcast" || !message.ID) return 0;
  return Object.entries(entry.readers).filter(([person, last]) => person !== me && last >= message.ID).length;
}

export const MessageItem = memo(function MessageItem({ message, entry, name, pictureURL, mine, deletable, onEdit, onDelete, language }: Props) {
  const { t } = useTranslation();
  // The attendee's time zone (§9): each message re-renders when they pick another one.
  const zone = useDisplayZone();
  const reads = mine ? readCount(entry, message, message.SenderID) : 0;
  return (
    <li
      className={`chat-message${mine ? " chat-message--mine" : ""}${message.pending ? " chat-message--pending" : ""}`}
      data-message-id={message.ID || undefined}
      data-tmp-id={message.TmpID}
    >
      <Avatar name={name} pictureURL={pictureURL} />
      <div className="chat-message__body">
        <div className="chat-message__meta">
          <span className="chat-message__name">{name}</span>
          <time dateTime={message.CreatedAt}>{formatTime(message.CreatedAt, language, zone)}</time>
        </div>
        <p className="chat-message__text">
          <MessageText text={message.Text} />
        </p>
        <div className="chat-message__status">
          {message.pending && !message.failed && <span>{t("chat.pending")}</span>}
          {message.failed && (
            <>
              <span className="chat-message__failed">{t("chat.failed")}</span>
              <button type="button" className="chat-link-button" onClick={() => retryMessage(message.ChatroomID, message.TmpID)}>
                {t("chat.retry")}
              </button>
              <button type="button" className="chat-link-button" onClick={() => discardMessage(message.ChatroomID, message.TmpID)}>
                {t("chat.discard")}
              </button>
            </>
          )}
          {reads > 0 && <span className="chat-message__read">{entry.kind === "direct" || entry.kind === "support" ? t("chat.read") : t("chat.readBy", { count: reads })}</span>}
          {mine && message.ID && onEdit && (
            <button type="button" className="chat-link-button" onClick={() => onEdit(message)}>
              {t("chat.edit")}
            </button>
          )}
          {deletable && (
            <button type="button" className="chat-link-button" onClick={() => onDelete(message)}>
              {t("chat.delete")}
            </button>
          )}
        </div>
      </div>
    </li>
  );
});

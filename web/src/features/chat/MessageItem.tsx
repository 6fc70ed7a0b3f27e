import { memo } from "react";
import { useTranslation } from "react-i18next";
import { useDisplayZone } from "@/features/accounts";
import { formatTime } from "@/lib/dates";
import { Avatar } from "./Avatar";
import { MessageText } from "./MessageText";
import { PersonMenu } from "./PersonMenu";
import { ReactionButtons } from "./ReactionButtons";
import { ReplyQuote } from "./ReplyQuote";
import { discardMessage, retryMessage } from "./actions";
import type { RoomEntry } from "./state";
import type { LocalMessage, Quote, Reaction } from "./types";

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
  /** Without it (a locked room) no message offers Reply. */
  onReply?: ((message: LocalMessage) => void) | undefined;
  /** A reply's original: undefined for a message that replies to nothing, null when not loaded. */
  quote?: Quote | null | undefined;
  onQuote?: ((id: string) => void) | undefined;
  myReaction?: Reaction | undefined;
  /** The author's name opens the person menu (not for one's own messages). */
  personActions?: boolean | undefined;
  language: string;
}

/** How many other members have read up to this message (not in the broadcast room). A support
 * conversation says only "Read": whoever of the help desk read it. */
function readCount(entry: RoomEntry, message: LocalMessage, me: string): number {
  if (entry.kind === "broadcast" || !message.ID) return 0;
  return Object.entries(entry.readers).filter(([person, last]) => person !== me && last >= message.ID).length;
}

export const MessageItem = memo(function MessageItem(props: Props) {
  const { message, entry, name, pictureURL, mine, deletable, onEdit, onDelete, onReply, quote, onQuote, myReaction, personActions, language } = props;
  const { t } = useTranslation();
  // The attendee's time zone (§9): each message re-renders when they pick another one.
  const zone = useDisplayZone();
  const reads = mine && message.SenderID ? readCount(entry, message, message.SenderID) : 0;
  // An erased account: a neutral avatar and no person menu (there is nobody to message or mute).
  const deleted = message.SenderID === null;
  // Refused because the person is banned from the chat: trying again cannot work.
  const banned = message.failed === "CHAT_BANNED";
  const confirmed = Boolean(message.ID);
  return (
    <li
      className={`chat-message${mine ? " chat-message--mine" : ""}${message.pending ? " chat-message--pending" : ""}`}
      data-message-id={message.ID || undefined}
      data-tmp-id={message.TmpID}
      // Focusable from code only: a reply's quote moves the focus to its original.
      tabIndex={confirmed ? -1 : undefined}
    >
      <Avatar name={name} pictureURL={pictureURL} deleted={deleted} />
      <div className="chat-message__body">
        <div className="chat-message__meta">
          {personActions && !mine && message.SenderID !== null ? (
            <PersonMenu personID={message.SenderID} name={name} buttonClassName="chat-message__name chat-message__name--button" withMessage>
              {name}
            </PersonMenu>
          ) : (
            <span className={deleted ? "chat-message__name chat-message__name--deleted" : "chat-message__name"}>{name}</span>
          )}
          <time dateTime={message.CreatedAt}>{formatTime(message.CreatedAt, language, zone)}</time>
        </div>
        {quote !== undefined && <ReplyQuote quote={quote} onOpen={(id) => onQuote?.(id)} />}
        <p className="chat-message__text">
          <MessageText text={message.Text} />
        </p>
        <div className="chat-message__status">
          {message.pending && !message.failed && <span>{t("chat.pending")}</span>}
          {message.failed && (
            <>
              <span className="chat-message__failed">{t("chat.failed")}</span>
              {banned ? (
                <span className="chat-message__failed">{t("errors.chatBanned")}</span>
              ) : (
                <button type="button" className="chat-link-button" onClick={() => retryMessage(message.ChatroomID, message.TmpID)}>
                  {t("chat.retry")}
                </button>
              )}
              <button type="button" className="chat-link-button" onClick={() => discardMessage(message.ChatroomID, message.TmpID)}>
                {t("chat.discard")}
              </button>
            </>
          )}
          {confirmed && <ReactionButtons message={message} mine={myReaction} />}
          {confirmed && onReply && (
            <button type="button" className="chat-link-button" aria-label={t("chat.replyTo", { name })} onClick={() => onReply(message)}>
              {t("chat.reply")}
            </button>
          )}
          {reads > 0 && <span className="chat-message__read">{entry.kind === "direct" || entry.kind === "support" ? t("chat.read") : t("chat.readBy", { count: reads })}</span>}
          {mine && confirmed && onEdit && (
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

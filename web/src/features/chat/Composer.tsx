import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { checkText, editMessage, sendMessage } from "./actions";
import { ReplyStrip } from "./ReplyStrip";
import { applyEmojiShortcuts, textLength } from "./text";
import { type LocalMessage, MAX_TEXT, type Quote } from "./types";

interface Props {
  roomID: string;
  roomTitle: string;
  editing: LocalMessage | null;
  onEditDone: () => void;
  /** The message being answered: shown above the box and sent as `RepliedToMessageID`. */
  replyTo?: Quote | null | undefined;
  onReplyDone?: (() => void) | undefined;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line; the limit is the server's. Escape
 * cancels an edit, else a reply.
 */
export function Composer({ roomID, roomTitle, editing, onEditDone, replyTo = null, onReplyDone }: Props) {
  const { t } = useTranslation();
  const id = useId();
  // Keyed by the edited message: starting an edit mounts a fresh composer holding its text.
  const [text, setText] = useState(editing?.Text ?? "");
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (editing) area.current?.focus();
  }, [editing]);

  // Starting a reply puts the focus where the answer is written.
  const replyID = replyTo?.id ?? null;
  useEffect(() => {
    if (replyID) area.current?.focus();
  }, [replyID]);

  const cancelReply = () => {
    onReplyDone?.();
    area.current?.focus();
  };

  const length = textLength(applyEmojiShortcuts(text));
  const tooLong = length > MAX_TEXT;
  const blocked = checkText(text) !== "ok";

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blocked) return;
    const result = editing ? editMessage(roomID, editing.ID, text) : sendMessage(roomID, text, replyTo?.id);
    if (result === "ok") {
      setText("");
      if (editing) onEditDone();
      else if (replyTo) onReplyDone?.();
    }
    area.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === "Escape" && editing) {
      setText("");
      onEditDone();
    } else if (event.key === "Escape" && replyTo) {
      // Only the reply is dropped: what was typed stays.
      event.preventDefault();
      cancelReply();
    }
  };

  return (
    <form className="chat-composer" onSubmit={submit}>
      {editing && (
        <p className="chat-composer__editing">
          {t("chat.editing")}{" "}
          <button
            type="button"
            className="chat-link-button"
            onClick={() => {
              setText("");
              onEditDone();
            }}
          >
            {t("chat.cancel")}
          </button>
        </p>
      )}
      {replyTo && !editing && <ReplyStrip quote={replyTo} onCancel={cancelReply} />}
      <label htmlFor={id} className="visually-hidden">
        {t("chat.composerLabel", { room: roomTitle })}
      </label>
      <textarea
        id={id}
        ref={area}
        value={text}
        rows={2}
        placeholder={t("chat.placeholder")}
        aria-invalid={tooLong || undefined}
        aria-describedby={`${id}-count`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="chat-composer__row">
        <span id={`${id}-count`} className={`chat-composer__count${tooLong ? " chat-composer__count--over" : ""}`}>
          {tooLong ? t("chat.tooLong", { max: MAX_TEXT }) : t("chat.counter", { count: length, max: MAX_TEXT })}
        </span>
        <button type="submit" className="chat-composer__send" disabled={blocked}>
          {editing ? t("chat.save") : t("chat.send")}
        </button>
      </div>
    </form>
  );
}

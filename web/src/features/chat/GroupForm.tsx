/**
 * A new group chat: its name and the people in it, created over the socket (CHATROOM_CREATE with
 * Title and MemberIDs). The group's CREATE_NOTIFY selects the new room and closes this form; a
 * refusal leaves the form as it was, with the error above it.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorBanner } from "./ErrorBanner";
import { PeoplePicker } from "./PeoplePicker";
import { createGroup, setView } from "./people-actions";
import { useChat } from "./store";
import type { ChatAttendee } from "./types";

/** The server's limits: a title of at most 100 characters, at most 100 members with the creator. */
export const MAX_GROUP_TITLE = 100;
export const MAX_GROUP_PICKS = 99;

export function GroupForm() {
  const { t } = useTranslation();
  const headingID = useId();
  const titleID = useId();
  const [title, setTitle] = useState("");
  const [chosen, setChosen] = useState<ChatAttendee[]>([]);
  const creating = useChat((s) => s.pendingGroup !== null);
  const titleField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    titleField.current?.focus();
  }, []);

  const ready = title.trim() !== "" && chosen.length > 0 && !creating;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) createGroup(title, chosen.map((p) => p.PersonID));
  };

  return (
    <form className="chat-form" aria-labelledby={headingID} onSubmit={submit}>
      <h2 id={headingID} className="chat-room__title">
        {t("chat.newGroup")}
      </h2>
      <ErrorBanner />
      <div className="chat-search">
        <label htmlFor={titleID}>{t("chat.groupName")}</label>
        <input id={titleID} ref={titleField} value={title} maxLength={MAX_GROUP_TITLE} required onChange={(event) => setTitle(event.target.value)} />
      </div>
      <PeoplePicker chosen={chosen} onChange={setChosen} max={MAX_GROUP_PICKS} />
      {creating && (
        <p className="muted" role="status">
          {t("chat.creatingGroup")}
        </p>
      )}
      <div className="chat-form__actions">
        <button type="button" className="chat-button" onClick={() => setView("chats")}>
          {t("chat.cancel")}
        </button>
        <button type="submit" className="chat-button chat-button--primary" disabled={!ready}>
          {t("chat.createGroup")}
        </button>
      </div>
    </form>
  );
}

/**
 * Inviting people into a group, for its admins: the people picker, then
 * `POST …/activities/chatrooms/{ChatroomID}/attendees`. Persons already in the group are marked.
 */
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PeoplePicker } from "./PeoplePicker";
import { inviteToRoom } from "./people-actions";
import type { ChatAttendee } from "./types";

/** The server takes 1–50 persons per invitation. */
export const MAX_INVITES = 50;

interface Props {
  roomID: string;
  roomTitle: string;
  members: readonly string[];
  /** `invited` is false when the person cancelled. */
  onDone: (invited: boolean) => void;
}

export function InviteForm({ roomID, roomTitle, members, onDone }: Props) {
  const { t } = useTranslation();
  const headingID = useId();
  const [chosen, setChosen] = useState<ChatAttendee[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0 || busy) return;
    setBusy(true);
    const done = await inviteToRoom(roomID, chosen.map((p) => p.PersonID));
    setBusy(false);
    // On a refusal the form stays with its choice; the room's error line says why.
    if (done) onDone(true);
  };

  return (
    <form className="chat-form chat-form--invite" aria-labelledby={headingID} onSubmit={(event) => void submit(event)}>
      <h3 id={headingID} className="chat-form__title">
        {t("chat.inviteTo", { room: roomTitle })}
      </h3>
      <PeoplePicker chosen={chosen} onChange={setChosen} max={MAX_INVITES} members={members} />
      <div className="chat-form__actions">
        <button type="button" className="chat-button" onClick={() => onDone(false)}>
          {t("chat.cancel")}
        </button>
        <button type="submit" className="chat-button chat-button--primary" disabled={chosen.length === 0 || busy}>
          {busy ? t("chat.inviting") : t("chat.sendInvites")}
        </button>
      </div>
    </form>
  );
}

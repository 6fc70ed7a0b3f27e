/** One person in the directory: picture, name, their mute state, "Message" and the person menu. */
import { useTranslation } from "react-i18next";
import { Avatar } from "./Avatar";
import { PersonMenu } from "./PersonMenu";
import { messagePerson } from "./people-actions";
import { muteOf } from "./state";
import { useChat } from "./store";
import type { ChatAttendee } from "./types";

export function PersonRow({ person }: { person: ChatAttendee }) {
  const { t } = useTranslation();
  const mute = useChat((s) => muteOf(s, person.PersonID));
  const name = person.FullName || t("chat.someone");
  return (
    <li className="chat-person" data-person={person.PersonID}>
      <Avatar name={name} pictureURL={person.PictureURL || null} />
      <span className="chat-person__name">
        {name}
        {mute && <span className={`chat-person__state chat-person__state--${mute}`}>{t(mute === "blocked" ? "chat.blocked" : "chat.muted")}</span>}
      </span>
      {/* A blocked person cannot be messaged (the server refuses the room); unblock first. */}
      {mute !== "blocked" && (
        <button type="button" className="chat-button" aria-label={t("chat.messageTo", { name })} onClick={() => messagePerson(person.PersonID)}>
          {t("chat.message")}
        </button>
      )}
      <PersonMenu personID={person.PersonID} name={name} label={t("chat.moreActions", { name })} buttonClassName="chat-button chat-button--icon">
        <span aria-hidden="true">⋯</span>
      </PersonMenu>
    </li>
  );
}

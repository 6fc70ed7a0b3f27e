/**
 * The top of a room: its name, for a group's admins "Invite people" (which opens the invitation
 * form below it and gives the focus back to the button when it closes), the offline notice and
 * the error line.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRealtimeState } from "./bootstrap";
import { ErrorBanner } from "./ErrorBanner";
import { InviteForm } from "./InviteForm";
import { useChat } from "./store";

interface Props {
  roomID: string;
  title: string;
  showTitle: boolean;
  /** A locked room takes no invitations either. */
  locked: boolean;
}

export function RoomHeader({ roomID, title, showTitle, locked }: Props) {
  const { t } = useTranslation();
  const online = useRealtimeState() === "open";
  const entry = useChat((s) => s.rooms[roomID]);
  const me = useChat((s) => s.me);
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState(false);
  const inviteButton = useRef<HTMLButtonElement>(null);
  const wasInviting = useRef(false);

  useEffect(() => {
    if (wasInviting.current && !inviting) inviteButton.current?.focus();
    wasInviting.current = inviting;
  }, [inviting]);

  // Admins of the room as the relations say (loaded when the room is selected); the server
  // decides in the end, event admins included.
  const mayInvite = !locked && entry?.kind === "group" && me !== null && entry.admins.includes(me);
  return (
    <>
      {(showTitle || mayInvite) && (
        <div className="chat-room__header">
          {showTitle ? <h2 className="chat-room__title">{title}</h2> : <span />}
          {mayInvite && !inviting && (
            <button
              ref={inviteButton}
              type="button"
              className="chat-button"
              onClick={() => {
                setInvited(false);
                setInviting(true);
              }}
            >
              {t("chat.invite")}
            </button>
          )}
        </div>
      )}
      {invited && (
        <p className="muted" role="status">
          {t("chat.invited")}
        </p>
      )}
      {inviting && entry && (
        <InviteForm
          roomID={roomID}
          roomTitle={title}
          members={entry.members}
          onDone={(done) => {
            setInvited(done);
            setInviting(false);
          }}
        />
      )}
      {!online && (
        <p className="chat-room__offline" role="status">
          {t("chat.offline")}
        </p>
      )}
      <ErrorBanner />
    </>
  );
}

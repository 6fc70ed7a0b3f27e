/** The Chats view: the room list with "New group", then the selected room — or the new-group form. */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { GroupForm } from "./GroupForm";
import { RoomList } from "./RoomList";
import { RoomView } from "./RoomView";
import { setView } from "./people-actions";
import { selectedRoomID } from "./state";
import { useChat } from "./store";

export function ChatsView() {
  const { t } = useTranslation();
  const loading = useChat((s) => s.loading);
  const roomID = useChat(selectedRoomID);
  const creating = useChat((s) => s.pendingDirect !== null);
  const newGroup = useChat((s) => s.view === "newGroup");
  // Closing the form (cancelled or created) gives the focus back to the button that opened it.
  const newGroupButton = useRef<HTMLButtonElement>(null);
  const formWasOpen = useRef(false);
  useEffect(() => {
    if (formWasOpen.current && !newGroup) newGroupButton.current?.focus();
    formWasOpen.current = newGroup;
  }, [newGroup]);
  if (loading) {
    return (
      <p className="muted" role="status">
        {t("chat.loading")}
      </p>
    );
  }
  if (newGroup) return <GroupForm />;
  return (
    <>
      <RoomList />
      <button ref={newGroupButton} type="button" className="chat-button chat-new-group" onClick={() => setView("newGroup")}>
        {t("chat.newGroup")}
      </button>
      {creating && (
        <p className="muted" role="status">
          {t("chat.startDirect")}
        </p>
      )}
      {roomID && <RoomView key={roomID} roomID={roomID} />}
    </>
  );
}

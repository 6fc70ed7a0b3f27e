/**
 * `/chat/direct/{personID}` and `/chat/group/{groupID}` (attendee-app.md §2): remember the target in
 * session storage, go back to the previous location, then open that chat in the right sidebar.
 * Opened without a previous page (a link in a new tab), "back" is the event's start page.
 */
import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { useChatBootstrap } from "./bootstrap";
import { rememberTarget } from "./route-memory";
import { openRememberedTarget } from "./actions";

function useChatRoute(kind: "direct" | "group", param: string | undefined): null {
  const navigate = useNavigate();
  useChatBootstrap();
  useEffect(() => {
    if (param) rememberTarget({ kind, id: param.toLowerCase() });
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    const back = index > 0 ? navigate(-1) : navigate("/", { replace: true });
    void Promise.resolve(back).then(() => openRememberedTarget());
  }, [kind, param, navigate]);
  return null;
}

export function DirectChatRoute() {
  const { personID } = useParams();
  return useChatRoute("direct", personID);
}

export function GroupChatRoute() {
  const { groupID } = useParams();
  return useChatRoute("group", groupID);
}

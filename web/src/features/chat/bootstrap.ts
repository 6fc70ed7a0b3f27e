/** Starts the chat for the signed-in person and follows the socket state, for the components. */
import { useEffect, useSyncExternalStore } from "react";
import { useSession } from "@/features/accounts";
import { useEventStore } from "@/features/events";
import { realtime, type RealtimeState } from "@/lib/realtime";
import { startChat, stopChat } from "./lifecycle";

/** Mounted by every chat surface (badge, panel, routes): the first one starts the chat. */
export function useChatBootstrap(): void {
  const token = useSession((s) => s.token);
  const personID = useSession((s) => s.claims?.personId ?? null);
  const eventID = useEventStore((s) => s.metadata?.EventID ?? null);
  useEffect(() => {
    if (token && personID && eventID) startChat(eventID, personID);
    else if (!token) stopChat();
  }, [token, personID, eventID]);
}

export function useRealtimeState(): RealtimeState {
  return useSyncExternalStore(
    (onChange) => realtime.onStateChange(onChange),
    () => realtime.state,
  );
}

/**
 * A ticket's messages on the agent desk, over REST (the desk runs in the console too, where the
 * attendee's chat store does not). The first read takes the newest page; every later read of the
 * same query — a refetch after the socket reopened, or because a ticket frame moved
 * `LastMessageAt` — fetches only what came after the newest message shown and merges it by id,
 * so earlier pages the agent opened stay. Chat frames of the room (which reach agents who are in
 * it: the assignee) are merged at once.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { type ChatMessage, realtime } from "@/lib/realtime";
import { CATCH_UP_PAGE, getMessages, type HelpdeskKeys, MESSAGES_PAGE } from "../api";
import { mergeMessages } from "../model";

export interface Conversation {
  messages: ChatMessage[];
  /** The last page read backwards was full: there may be earlier messages. */
  earlier: boolean;
}

export function useConversation(eventID: string, roomID: string, keys: HelpdeskKeys) {
  const client = useQueryClient();
  const key = keys.messages(roomID);
  const [loadingEarlier, setLoadingEarlier] = useState(false);

  const query = useQuery({
    queryKey: key,
    enabled: roomID !== "",
    queryFn: async ({ signal }): Promise<Conversation> => {
      const known = client.getQueryData<Conversation>(key);
      const newest = known?.messages.at(-1)?.ID;
      if (!known || !newest) {
        const page = await getMessages(eventID, roomID, { MaxCount: MESSAGES_PAGE }, signal);
        return { messages: mergeMessages([], page), earlier: page.length >= MESSAGES_PAGE };
      }
      const after = await getMessages(eventID, roomID, { StartID: newest, MaxCount: CATCH_UP_PAGE, IsAscending: true }, signal);
      // Read the cache again: a frame may have merged messages while the request was out.
      const current = client.getQueryData<Conversation>(key) ?? known;
      return { ...current, messages: mergeMessages(current.messages, after) };
    },
  });

  const merge = useCallback(
    (change: (messages: ChatMessage[]) => ChatMessage[]) =>
      client.setQueryData<Conversation>(keys.messages(roomID), (current) => (current ? { ...current, messages: change(current.messages) } : current)),
    [client, keys, roomID],
  );

  useEffect(() => {
    const mine = (m: { ChatroomID: string }) => m.ChatroomID === roomID;
    const stops = [
      realtime.subscribe("CHAT_MESSAGE_SEND_NOTIFY", (message) => {
        if (mine(message)) merge((messages) => mergeMessages(messages, [message]));
      }),
      realtime.subscribe("CHAT_MESSAGE_EDIT_NOTIFY", (message) => {
        if (mine(message)) merge((messages) => mergeMessages(messages, [message]));
      }),
      realtime.subscribe("CHAT_MESSAGE_DELETE_NOTIFY", (notice) => {
        if (mine(notice)) merge((messages) => messages.filter((m) => m.ID !== notice.ID));
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [merge, roomID]);

  const loadEarlier = useCallback(async () => {
    const oldest = client.getQueryData<Conversation>(keys.messages(roomID))?.messages[0]?.ID;
    if (!oldest || loadingEarlier) return;
    setLoadingEarlier(true);
    try {
      const page = await getMessages(eventID, roomID, { StartID: oldest, MaxCount: MESSAGES_PAGE });
      client.setQueryData<Conversation>(keys.messages(roomID), (current) =>
        current ? { messages: mergeMessages(current.messages, page), earlier: page.length >= MESSAGES_PAGE } : current,
      );
    } catch (error) {
      console.warn("helpdesk: earlier messages failed", error);
    } finally {
      setLoadingEarlier(false);
    }
  }, [client, eventID, keys, loadingEarlier, roomID]);

  return { query, merge, loadEarlier, loadingEarlier };
}

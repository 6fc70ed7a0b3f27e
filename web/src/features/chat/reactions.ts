/**
 * Like and Dislike: each person has at most one reaction per message. The pressed state comes
 * from REST (history, and the answer to the person's own PUT); the counts from the message,
 * which EDIT_NOTIFY frames keep current for everybody in the room.
 */
import { putReaction } from "./api";
import { failureCode } from "./people-actions";
import { isMutedSender, updateRoom, withMessages, withReaction } from "./state";
import { mergeMessages } from "./logic";
import { update, useChat } from "./store";
import type { Reaction, ReactionChoice } from "./types";

/** Pressing the reaction one already gave takes it back ("None"); the other one switches. */
export function nextReaction(current: Reaction | undefined, pressed: Reaction): ReactionChoice {
  return current === pressed ? "None" : pressed;
}

export async function react(roomID: string, messageID: string, pressed: Reaction): Promise<void> {
  const { eventID, rooms } = useChat.getState();
  const entry = rooms[roomID];
  if (!eventID || !entry || !messageID) return;
  const wanted = nextReaction(entry.myReactions[messageID], pressed);
  try {
    const answer = await putReaction(eventID, roomID, messageID, wanted);
    // A server that does not send MyReaction yet: what was asked for is what it stored.
    const mine = answer.MyReaction !== undefined ? answer.MyReaction : wanted === "None" ? null : wanted;
    update((state) =>
      updateRoom(state, roomID, (current) => {
        const myReactions = withReaction(current.myReactions, messageID, mine);
        const known = current.messages.some((m) => m.ID === messageID);
        const counts = known && !isMutedSender(state, answer.SenderID) ? withMessages(current, mergeMessages(current.messages, [answer])) : {};
        return { ...counts, myReactions };
      }),
    );
  } catch (error) {
    useChat.setState({ error: failureCode(error) });
  }
}

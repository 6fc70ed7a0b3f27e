/** A room the person left (a breakout room's chat) leaves the chat's list and selection. */
import { afterEach, expect, it } from "vitest";
import { forgetRoom } from "./actions";
import { addRooms, initialChatState } from "./state";
import { useChat } from "./store";
import { EVENT } from "./testing";

const room = (ID: string, InternalName: string) => ({ room: { ID, EventID: EVENT, Title: ID, InternalName, IsPrivate: false }, type: "group" as const, members: [] });

afterEach(() => useChat.setState({ ...initialChatState }));

it("drops the room, its place in the list, and its selection", () => {
  useChat.setState({ ...addRooms(initialChatState, [room("everyone", "broadcast"), room("breakout", "breakout:r1")]), selectedID: "breakout", visibleID: "breakout" });
  forgetRoom("breakout");
  const state = useChat.getState();
  expect(state.order).toEqual(["everyone"]);
  expect(state.rooms.breakout).toBeUndefined();
  expect(state.selectedID).toBeNull();
  expect(state.visibleID).toBeNull();
  // An unknown room changes nothing.
  const before = useChat.getState();
  forgetRoom("unknown");
  expect(useChat.getState()).toBe(before);
});

/**
 * Help desk conversations are chat rooms of kind `support`: the chat holds them (messages, unread,
 * the room view the help desk page shows) but its panel does not list them and its menu badge does
 * not count them — they live on the help desk page.
 */
import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { initI18n } from "@/lib/i18n";
import { checkPayload } from "@/lib/realtime/protocol";
import { RoomList } from "./RoomList";
import { RoomView } from "./RoomView";
import { addRooms, initialChatState, type RoomSource, roomUnread, totalUnread, updateRoom, withMessages } from "./state";
import { useChat } from "./store";
import { BOB, EVENT, ME, message } from "./testing";
import { roomKind } from "./types";

const source = (ID: string, InternalName: string, type: RoomSource["type"], IsPrivate = false): RoomSource => ({
  room: { ID, EventID: EVENT, Title: ID === "group" ? "Speakers" : "", InternalName, IsPrivate },
  ...(type ? { type } : {}),
  members: [],
});

function seed() {
  let state = addRooms({ ...initialChatState, eventID: EVENT, me: ME, loading: false }, [
    source("everyone", "broadcast", "broadcast"),
    source("group", "group:g1", "group"),
    source("support", "support:t1", "support", true),
  ]);
  for (const roomID of ["everyone", "support"]) state = updateRoom(state, roomID, (entry) => ({ ...withMessages(entry, [message(1, BOB, roomID), message(2, BOB, roomID)]), loaded: true }));
  useChat.setState(state);
}

beforeEach(async () => {
  await initI18n("en");
  seed();
});
afterEach(() => useChat.setState({ ...initialChatState }));

describe("support rooms in the chat", () => {
  it("are known by their Type, or by their name when a frame carries no Type", () => {
    const model = { ID: "r", EventID: EVENT, Title: "", InternalName: "support:t1", IsPrivate: true };
    expect(roomKind(model, "support")).toBe("support");
    expect(roomKind(model)).toBe("support");
    expect(roomKind({ ...model, InternalName: `direct:${ME}:${BOB}` })).toBe("direct");
    // A room model with Type "support" passes the frame check (it would be dropped otherwise).
    const created = { TmpID: "", InviterID: BOB, ChatroomModel: { ...model, Type: "support" } };
    expect(checkPayload("CHATROOM_CREATE_NOTIFY", created).ok).toBe(true);
  });

  it("are left out of the panel's room list and the menu badge, but keep their own unread count", () => {
    render(<RoomList />);
    const names = within(screen.getByRole("navigation", { name: "Chat rooms" }))
      .getAllByRole("button")
      .map((b) => b.textContent);
    expect(names).toHaveLength(2);
    expect(names.some((n) => n?.includes("Speakers"))).toBe(true);
    expect(screen.queryByRole("button", { name: /support/i })).toBeNull();
    const state = useChat.getState();
    expect(roomUnread(state, "support")).toBe(2);
    expect(totalUnread(state)).toBe(2);
  });

  it("shows a locked room without a message box, and can leave the heading to its owner", () => {
    render(<RoomView roomID="support" title="Wifi password" showTitle={false} locked="This conversation is closed." />);
    expect(screen.getByText("This conversation is closed.")).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("heading")).toBeNull();
    expect(screen.getByLabelText("Messages in Wifi password")).toBeInTheDocument();
  });
});

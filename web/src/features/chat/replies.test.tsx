/**
 * Replies: "Reply" puts a quoted strip above the message box (Escape or its button cancels it),
 * the message goes out with RepliedToMessageID, and a reply shows a quote of its original that
 * scrolls to it — or says the original is not loaded.
 */
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { addRooms, initialChatState, updateRoom, withMessages } from "./state";
import { BOB, EVENT, id, ME, message } from "./testing";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));
vi.mock("./api", () => ({
  getRoomRoles: () => Promise.resolve({ moderators: [], admins: [] }),
  getAttendees: () => Promise.resolve([{ PersonID: BOB, FullName: "Bob Builder" }]),
}));

const { useChat } = await import("./store");
const { RoomView } = await import("./RoomView");

const ROOM = { ID: id(0xf0), EventID: EVENT, Title: "", InternalName: "broadcast", IsPrivate: false };

function seed() {
  let state = addRooms({ ...initialChatState, eventID: EVENT, me: ME, loading: false }, [{ room: ROOM, members: [] }]);
  state = updateRoom(state, ROOM.ID, (entry) => ({
    ...withMessages(entry, [
      message(1, BOB, ROOM.ID, { Text: "\nWhere is the keynote?\nSecond line" }),
      message(2, ME, ROOM.ID, { Text: "In the auditorium", RepliedToMessageID: id(1) }),
      message(3, BOB, ROOM.ID, { Text: "Thanks", RepliedToMessageID: id(0x77) }),
    ]),
    loaded: true,
  }));
  useChat.setState({ ...state, names: { [BOB]: { PersonID: BOB, FullName: "Bob Builder" } } });
}

const item = (n: number) => document.querySelector<HTMLElement>(`[data-message-id="${id(n)}"]`) as HTMLElement;

beforeEach(async () => {
  await initI18n("en");
  fakeRealtime.reset();
  seed();
});
afterEach(() => useChat.setState({ ...initialChatState }));

describe("replying", () => {
  it("quotes the message above the box, sends RepliedToMessageID and then clears the strip", async () => {
    const user = userEvent.setup();
    render(<RoomView roomID={ROOM.ID} />);
    await user.click(within(item(1)).getByRole("button", { name: "Reply to Bob Builder" }));
    const box = screen.getByRole("textbox", { name: "Message to Everyone" });
    expect(box).toHaveFocus();
    expect(screen.getByText("Replying to Bob Builder")).toBeInTheDocument();
    // The first line that is not blank.
    expect(document.querySelector(".chat-reply-strip")).toHaveTextContent("Where is the keynote?");
    await user.type(box, "Room A{Enter}");
    expect(fakeRealtime.sentOf("CHAT_MESSAGE_SEND")).toEqual([expect.objectContaining({ Text: "Room A", RepliedToMessageID: id(1) })]);
    expect(screen.queryByText("Replying to Bob Builder")).toBeNull();
  });

  it("is cancelled by Escape (keeping the typed text) or by its button", async () => {
    const user = userEvent.setup();
    render(<RoomView roomID={ROOM.ID} />);
    await user.click(within(item(1)).getByRole("button", { name: "Reply to Bob Builder" }));
    const box = screen.getByRole("textbox", { name: "Message to Everyone" });
    await user.type(box, "draft");
    await user.keyboard("{Escape}");
    expect(screen.queryByText("Replying to Bob Builder")).toBeNull();
    expect(box).toHaveValue("draft");
    await user.click(within(item(1)).getByRole("button", { name: "Reply to Bob Builder" }));
    await user.click(screen.getByRole("button", { name: "Cancel reply" }));
    expect(screen.queryByText("Replying to Bob Builder")).toBeNull();
    expect(box).toHaveFocus();
    await user.type(box, "{Enter}");
    expect(fakeRealtime.sentOf("CHAT_MESSAGE_SEND")).toEqual([{ TmpID: expect.any(String), ChatroomID: ROOM.ID, Text: "draft" }]);
  });

  it("shows a reply's original as a quote that leads to it, or says it is not loaded", () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    render(<RoomView roomID={ROOM.ID} />);
    const quote = within(item(2)).getByRole("button", { name: /In reply to Bob Builder Where is the keynote\?/ });
    fireEvent.click(quote);
    expect(scrolled).toEqual([item(1)]);
    expect(item(1)).toHaveFocus();
    expect(within(item(3)).getByText("Original message not loaded")).toBeInTheDocument();
    expect(within(item(1)).queryByText(/In reply to/)).toBeNull();
  });
});

/**
 * The person menu, from a message's author name and from the directory: keyboard use (open on
 * the first item, arrows, Escape with the focus back on the button), mute and block through the
 * server's answer, and never for one's own messages.
 */
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { addRooms, initialChatState, type RoomEntry, updateRoom, withMessages } from "./state";
import { BOB, EVENT, id, ME, message } from "./testing";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const muteCalls: { personID: string; blocked: boolean }[] = [];
vi.mock("./api", () => ({
  putMute: (_event: string, personID: string, blocked: boolean) => {
    muteCalls.push({ personID, blocked });
    return Promise.resolve({ PersonID: personID, Blocked: blocked, CreatedAt: "2026-05-09T12:00:00Z" });
  },
  deleteMute: () => Promise.resolve(undefined),
  getReadInfo: () => Promise.reject(new Error("not in this test")),
  getHistory: () => Promise.resolve([]),
}));

const { useChat } = await import("./store");
const { MessageItem } = await import("./MessageItem");

const ROOM = { ID: id(0xf0), EventID: EVENT, Title: "", InternalName: "broadcast", IsPrivate: false };

function seed() {
  let state = addRooms({ ...initialChatState, eventID: EVENT, me: ME, loading: false }, [{ room: ROOM, members: [] }]);
  state = updateRoom(state, ROOM.ID, (entry) => withMessages(entry, [message(1, BOB, ROOM.ID), message(2, ME, ROOM.ID)]));
  useChat.setState(state);
}

function renderMessage(n: 1 | 2) {
  const entry = useChat.getState().rooms[ROOM.ID] as RoomEntry;
  const sent = entry.messages.find((m) => m.ID === id(n));
  if (!sent) throw new Error("no message");
  const mine = sent.SenderID === ME;
  return render(
    <MessageItem message={sent} entry={entry} name={mine ? "Me" : "Bob Builder"} mine={mine} deletable={false} onDelete={() => undefined} personActions language="en" />,
  );
}

beforeEach(async () => {
  await initI18n("en");
  muteCalls.length = 0;
  fakeRealtime.reset();
  seed();
});
afterEach(() => useChat.setState({ ...initialChatState }));

describe("the person menu on a message's author", () => {
  it("opens from the keyboard on the first item, moves with the arrows and closes on Escape onto its button", async () => {
    const user = userEvent.setup();
    renderMessage(1);
    const button = screen.getByRole("button", { name: "Bob Builder" });
    expect(button).toHaveAttribute("aria-haspopup", "menu");
    expect(button).toHaveAttribute("aria-expanded", "false");
    button.focus();
    await user.keyboard("{Enter}");
    const menu = screen.getByRole("menu", { name: "Actions for Bob Builder" });
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Message privately", "Mute", "Block"]);
    expect(within(menu).getByRole("menuitem", { name: "Message privately" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(menu).getByRole("menuitem", { name: "Mute" })).toHaveFocus();
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(within(menu).getByRole("menuitem", { name: "Block" })).toHaveFocus();
    await user.keyboard("{Home}");
    expect(within(menu).getByRole("menuitem", { name: "Message privately" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute("aria-expanded", "false");
  });

  it("mutes: the server's answer hides the person's messages and the menu then offers Unmute", async () => {
    const user = userEvent.setup();
    renderMessage(1);
    await user.click(screen.getByRole("button", { name: "Bob Builder" }));
    await user.click(screen.getByRole("menuitem", { name: "Mute" }));
    expect(screen.getByRole("button", { name: "Bob Builder" })).toHaveFocus();
    await vi.waitFor(() => expect(useChat.getState().mutes[BOB]).toMatchObject({ Blocked: false }));
    expect(muteCalls).toEqual([{ personID: BOB, blocked: false }]);
    expect(useChat.getState().rooms[ROOM.ID]?.messages.map((m) => m.ID)).toEqual([id(2)]);
    await user.click(screen.getByRole("button", { name: "Bob Builder" }));
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Message privately", "Unmute", "Block"]);
    await user.click(screen.getByRole("menuitem", { name: "Block" }));
    await vi.waitFor(() => expect(useChat.getState().mutes[BOB]).toMatchObject({ Blocked: true }));
    await user.click(screen.getByRole("button", { name: "Bob Builder" }));
    // Blocked: no private message, only the way back.
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Unblock"]);
  });

  it("message privately asks for the direct chat and shows the Chats view", async () => {
    const user = userEvent.setup();
    useChat.setState({ view: "people" });
    renderMessage(1);
    await user.click(screen.getByRole("button", { name: "Bob Builder" }));
    await user.click(screen.getByRole("menuitem", { name: "Message privately" }));
    expect(fakeRealtime.sentOf("CHATROOM_CREATE")).toEqual([expect.objectContaining({ EventID: EVENT, InviteeID: BOB })]);
    expect(useChat.getState().view).toBe("chats");
  });

  it("closes on a click elsewhere, and is not offered on one's own messages", async () => {
    renderMessage(1);
    fireEvent.click(screen.getByRole("button", { name: "Bob Builder" }));
    expect(screen.getByRole("menu")).toBeInTheDocument();
    act(() => {
      document.body.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true }));
    });
    expect(screen.queryByRole("menu")).toBeNull();
    renderMessage(2);
    expect(screen.queryByRole("button", { name: "Me" })).toBeNull();
    expect(screen.getByText("Me")).toBeInTheDocument();
  });
});

/**
 * Messages whose sender's account was erased (SenderID null) read as from "Deleted user": a
 * neutral avatar, no person menu, no name lookup; and a send refused because the person was
 * banned from the chat says why, without offering a retry that cannot work.
 */
import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { addRooms, initialChatState, updateRoom, withMessages } from "./state";
import { BOB, EVENT, id, ME, message } from "./testing";
import type { LocalMessage } from "./types";

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
const { ErrorBanner } = await import("./ErrorBanner");

const ROOM = { ID: id(0xf0), EventID: EVENT, Title: "", InternalName: "broadcast", IsPrivate: false };
const item = (n: number) => within(document.querySelector<HTMLElement>(`[data-message-id="${id(n)}"]`) as HTMLElement);

function seed(extra: LocalMessage[] = []) {
  let state = addRooms({ ...initialChatState, eventID: EVENT, me: ME, loading: false }, [{ room: ROOM, members: [] }]);
  state = updateRoom(state, ROOM.ID, (entry) => ({
    ...withMessages(entry, [message(1, BOB, ROOM.ID, { Text: "Hello" }), { ...message(2, BOB, ROOM.ID, { Text: "I was here" }), SenderID: null }, ...extra]),
    loaded: true,
  }));
  useChat.setState({ ...state, names: { [BOB]: { PersonID: BOB, FullName: "Bob Builder" } } });
}

beforeEach(async () => {
  await initI18n("en");
  fakeRealtime.reset();
});
afterEach(() => useChat.setState({ ...initialChatState }));

describe("a deleted user's messages", () => {
  it("keep their text, from “Deleted user” with a neutral avatar and no person menu", () => {
    seed();
    render(<RoomView roomID={ROOM.ID} />);
    expect(item(2).getByText("I was here")).toBeInTheDocument();
    expect(item(2).getByText("Deleted user")).toBeInTheDocument();
    expect(item(2).queryByRole("button", { name: "Deleted user" })).toBeNull();
    const avatar = document.querySelector(`[data-message-id="${id(2)}"] .chat-avatar`);
    expect(avatar).toHaveClass("chat-avatar--deleted");
    expect(avatar).toHaveTextContent("");
    // Others keep their name, initials and menu.
    expect(item(1).getByRole("button", { name: "Bob Builder" })).toHaveAttribute("aria-haspopup", "menu");
    expect(item(1).getByText("BB")).toBeInTheDocument();
    // A reply to it still names the deleted user.
    expect(item(2).getByRole("button", { name: "Reply to Deleted user" })).toBeInTheDocument();
  });
});

describe("a send refused by a chat ban", () => {
  it("says why beside the message and in the banner, and offers no retry", () => {
    seed([{ ...message(3, ME, ROOM.ID, { Text: "Can I still write?" }), ID: "", TmpID: "t-3", pending: true, failed: "CHAT_BANNED" }]);
    useChat.setState({ error: "CHAT_BANNED" });
    render(
      <>
        <ErrorBanner />
        <RoomView roomID={ROOM.ID} />
      </>,
    );
    const failed = within(document.querySelector<HTMLElement>('[data-tmp-id="t-3"]') as HTMLElement);
    expect(failed.getByText("Not sent")).toBeInTheDocument();
    expect(failed.getByText("You can no longer write in this event's chat.")).toBeInTheDocument();
    expect(failed.queryByRole("button", { name: "Send again" })).toBeNull();
    expect(failed.getByRole("button", { name: "Discard" })).toBeInTheDocument();
    expect(screen.getAllByRole("alert")[0]).toHaveTextContent("You can no longer write in this event's chat.");
  });
});

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "@/features/accounts";
import { addRooms, initialChatState, type RoomSource, updateRoom, withMessages } from "@/features/chat/state";
import { useChat } from "@/features/chat/store";
import { type EventMetadata, useEventStore } from "@/features/events";
import { initI18n } from "@/lib/i18n";
import type { ChatMessage } from "@/lib/realtime";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { makeToken } from "@/test/tokens";
import type { Ticket } from "./api";
import { HelpdeskView } from "./HelpdeskView";
import { AGENT, BASE, chatMessage, EVENT, FakeNotification, ME, people, refused, roomOf, routeServer, setVisibility, ticket } from "./testing";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const NULL_ID = "000000000000000000000000";

const supportRoom = (roomID: string): RoomSource => ({
  room: { ID: roomID, EventID: EVENT, Title: "", InternalName: `support:${roomID}`, IsPrivate: true },
  type: "support",
  members: [ME],
});

/** The chat as loaded for Ada: her support rooms with their messages and her read positions. */
function seedChat(rooms: { roomID: string; messages: ChatMessage[]; lastReadID?: string }[]): void {
  let state = addRooms(
    { ...initialChatState, eventID: EVENT, me: ME, loading: false, names: { [AGENT]: { PersonID: AGENT, FullName: "Bob Builder" } } },
    rooms.map((r) => supportRoom(r.roomID)),
  );
  for (const r of rooms) state = updateRoom(state, r.roomID, (entry) => ({ ...withMessages(entry, r.messages), loaded: true, lastReadID: r.lastReadID ?? null }));
  useChat.setState(state);
}

/** The routes the page and the chat call, with `mine` as the attendee's tickets. */
function servePage(mine: () => Ticket[], options: { agent?: boolean; history?: Record<string, ChatMessage[]> } = {}) {
  return routeServer({
    [`GET ${BASE}/helpdesk/me`]: { status: 200, body: { IsAgent: options.agent ?? false } },
    [`GET ${BASE}/helpdesk/tickets/mine`]: () => ({ status: 200, body: mine() }),
    [`POST ${BASE}/lists/attendees`]: { status: 200, body: [] },
    [`GET ${BASE}/lists/chatmessageschronologically`]: (url) => ({ status: 200, body: options.history?.[url.searchParams.get("ChatroomID") ?? ""] ?? [] }),
    [`GET ${BASE}/helpdesk/queue`]: { status: 200, body: { Tickets: [], Counts: { New: 0, Mine: 0, Open: 0, Waiting: 0, Closed: 0 } } },
  });
}

/** The chat's answers for a room it has not loaded yet (a conversation just opened). */
function serveChatRoom(server: ReturnType<typeof servePage>, roomID: string): void {
  server.routes[`GET ${BASE}/activities/chatrooms/${roomID}`] = {
    status: 200,
    body: { ID: roomID, EventID: EVENT, Title: "", InternalName: `support:${roomID}`, IsPrivate: true, Type: "support", CreatedAt: "2026-05-09T12:00:00Z", LastMessageID: NULL_ID, AttendeeIDs: [ME] },
  };
  server.routes[`GET ${BASE}/chatrooms/${roomID}/chatpersonstatus`] = {
    status: 200,
    body: { ID: NULL_ID, EventID: EVENT, Created: null, Updated: null, PersonID: ME, ChatroomID: roomID, LastReadChatMessageID: NULL_ID },
  };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <QueryClientProvider client={client}>
      <HelpdeskView eventID={EVENT} me={ME} />
    </QueryClientProvider>,
  );
}

const entry = (topic: string) => screen.getByRole("button", { name: new RegExp(`^${topic}`) });
const conversation = (topic: string) => screen.findByRole("region", { name: `Conversation “${topic}”` });

beforeEach(async () => {
  await initI18n("en");
  fakeRealtime.reset();
  useSession.setState({ eventID: EVENT, token: makeToken({ event_id: EVENT, person_id: ME }), claims: { eventId: EVENT, personId: ME } });
  useEventStore.setState({ metadata: { EventID: EVENT, InternalName: "demo", Title: "Demo", CustomerID: "c" } as EventMetadata });
  seedChat([]);
  FakeNotification.reset("granted");
  vi.stubGlobal("Notification", FakeNotification);
  setVisibility("visible");
});
afterEach(() => {
  vi.unstubAllGlobals();
  useChat.setState({ ...initialChatState });
  useSession.setState({ token: null, claims: null });
});

describe("the attendee's help desk", { timeout: 20_000 }, () => {
  it("asks a question: checked first, sent once, then shown as a conversation with its chat", async () => {
    const opened = ticket("t9", { Topic: "No sound in the keynote" });
    const mine: Ticket[] = [];
    const server = servePage(() => mine, { history: { [opened.ChatroomID]: [chatMessage(1, ME, opened.ChatroomID, "The stream is silent.")] } });
    serveChatRoom(server, opened.ChatroomID);
    server.routes[`POST ${BASE}/helpdesk/tickets`] = () => {
      mine.push(opened);
      return { status: 201, body: opened };
    };
    renderPage();
    expect(await screen.findByText(/You have not asked anything yet/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Please enter a topic.")).toBeInTheDocument();
    expect(screen.getByText("Please write your message.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Topic" })).toHaveFocus());
    expect(server.calls.filter((c) => c.method === "POST" && c.path.endsWith("/helpdesk/tickets"))).toEqual([]);

    await userEvent.type(screen.getByRole("textbox", { name: "Topic" }), "  No sound in the keynote ");
    await userEvent.type(screen.getByRole("textbox", { name: "Your message" }), "The stream is silent.");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    const posts = server.calls.filter((c) => c.method === "POST" && c.path.endsWith("/helpdesk/tickets"));
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({ Topic: "No sound in the keynote", Text: "The stream is silent." });
    expect((posts[0]?.body as { TmpID: string }).TmpID).toMatch(/\w{8,}/);

    // The conversation opens with the focus on its heading, its messages come from the chat.
    const heading = await screen.findByRole("heading", { name: "No sound in the keynote" });
    await waitFor(() => expect(heading).toHaveFocus());
    const chat = await conversation("No sound in the keynote");
    expect(await within(chat).findByText("The stream is silent.")).toBeInTheDocument();
    expect(within(chat).getByRole("textbox", { name: "Message to No sound in the keynote" })).toBeInTheDocument();
    expect(screen.getByText("Status: Sent")).toBeInTheDocument();
    // …and is in the list, the form emptied for the next question.
    expect(within(screen.getByRole("region", { name: "Your conversations" })).getByText("No sound in the keynote")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Topic" })).toHaveValue("");
  });

  it("says clearly why a question was refused, beside the field it names or above the button", async () => {
    const server = servePage(() => []);
    const answers = [
      refused(409, "HELPDESK_TOO_MANY_OPEN", { MaxOpen: 5 }),
      refused(429, "RATE_LIMITED", { RetryAfterMs: 2500 }),
      refused(422, "VALIDATION_ERROR", { Problems: [{ Name: "Topic", Message: "too long" }] }),
    ];
    server.routes[`POST ${BASE}/helpdesk/tickets`] = () => answers.shift() ?? { status: 500 };
    renderPage();
    await userEvent.type(await screen.findByRole("textbox", { name: "Topic" }), "Badge");
    await userEvent.type(screen.getByRole("textbox", { name: "Your message" }), "Where is my badge?");

    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("You already have 5 open help desk conversations. Close one you no longer need, then ask again.");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText(/Please wait 3 seconds and try again/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    const topic = screen.getByRole("textbox", { name: "Topic" });
    await waitFor(() => expect(topic).toHaveAccessibleDescription(/Some of the entries are not valid/));
    // The same question each time: the server can tell a retry from a new question.
    const ids = server.calls.filter((c) => c.method === "POST" && c.path.endsWith("/helpdesk/tickets")).map((c) => (c.body as { TmpID: string }).TmpID);
    expect(new Set(ids).size).toBe(1);
  });

  it("lists the conversations with their state in words, who answers, the unread count and the last activity", async () => {
    const answered = ticket("t1", { Topic: "Wifi password", State: "waiting", Assignee: people.agent, LastMessageBy: "agent" });
    const fresh = ticket("t2", { Topic: "Lost badge" });
    const room = answered.ChatroomID;
    seedChat([
      { roomID: room, messages: [chatMessage(1, ME, room), chatMessage(2, AGENT, room), chatMessage(3, AGENT, room)], lastReadID: chatMessage(1, ME, room).ID },
      { roomID: fresh.ChatroomID, messages: [chatMessage(4, ME, fresh.ChatroomID)] },
    ]);
    servePage(() => [answered, fresh]);
    renderPage();
    await screen.findByText("Wifi password");
    const first = entry("Wifi password");
    expect(within(first).getByText("Answered")).toHaveClass("helpdesk-state--waiting");
    expect(within(first).getByText("With Bob Builder")).toBeInTheDocument();
    expect(within(first).getByText("2 unread messages")).toBeInTheDocument();
    expect(within(first).getByText(/^Last activity: .*\d\d:\d\d/)).toBeInTheDocument();
    const second = entry("Lost badge");
    expect(within(second).getByText("Sent")).toBeInTheDocument();
    expect(within(second).getByText("Not picked up yet")).toBeInTheDocument();
    expect(within(second).queryByText(/unread/)).toBeNull();
  });

  it("shows a closed conversation as closed, without a message box, and reopens it", async () => {
    const closed = ticket("t1", { Topic: "Wifi password", State: "closed", Assignee: people.agent, ClosedAt: new Date().toISOString() });
    const room = closed.ChatroomID;
    seedChat([{ roomID: room, messages: [chatMessage(1, ME, room, "What is the wifi password?"), chatMessage(2, AGENT, room, "It is on your badge.")] }]);
    const server = servePage(() => [closed]);
    server.routes[`POST ${BASE}/helpdesk/tickets/t1/reopen`] = { status: 200, body: { ...closed, State: "open", ClosedAt: null, ReopenCount: 1, UpdatedAt: new Date(Date.now() + 1000).toISOString() } };
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: /^Wifi password/ }));
    const chat = await conversation("Wifi password");
    expect(within(chat).getByText("It is on your badge.")).toBeInTheDocument();
    expect(within(chat).getByText("This conversation is closed. Reopen it to write again.")).toBeInTheDocument();
    expect(within(chat).queryByRole("textbox")).toBeNull();
    expect(screen.getByText("Status: Closed")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Reopen" }));
    expect(await within(chat).findByRole("textbox", { name: "Message to Wifi password" })).toBeInTheDocument();
    expect(screen.getByText("Status: In progress")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Close the conversation" })).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === "POST" && c.path.endsWith("/t1/reopen"))).toBe(true);
  });

  it("follows ticket frames, and reads the list again when the socket reopens", async () => {
    let mine = [ticket("t1", { Topic: "Wifi password" })];
    const server = servePage(() => mine);
    renderPage();
    await screen.findByText("Wifi password");
    const claimed = ticket("t1", { Topic: "Wifi password", State: "waiting", Assignee: people.agent, LastMessageBy: "agent", UpdatedAt: new Date(Date.now() + 1000).toISOString() });
    act(() => fakeRealtime.deliver("HELPDESK_TICKET_NOTIFY", claimed));
    expect(await within(entry("Wifi password")).findByText("Answered")).toBeInTheDocument();
    expect(within(entry("Wifi password")).getByText("With Bob Builder")).toBeInTheDocument();
    // Another event's frames are not this page's.
    act(() => fakeRealtime.deliver("HELPDESK_TICKET_NOTIFY", { ...ticket("t7", { Topic: "Elsewhere" }), EventID: "6650a1b2c3d4e5f60000ffff" }));
    expect(screen.queryByText("Elsewhere")).toBeNull();

    mine = [...mine, ticket("t2", { Topic: "Missed while offline" })];
    const reads = server.calls.filter((c) => c.path.endsWith("/tickets/mine")).length;
    act(() => fakeRealtime.setState("closed"));
    act(() => fakeRealtime.setState("open"));
    expect(await screen.findByText("Missed while offline")).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.endsWith("/tickets/mine")).length).toBeGreaterThan(reads);
  });

  it("notifies of an agent's answer only when the browser allows it and the attendee is not looking at it", async () => {
    const mine = ticket("t1", { Topic: "Wifi password", Assignee: people.agent, State: "open" });
    const room = mine.ChatroomID;
    seedChat([{ roomID: room, messages: [chatMessage(1, ME, room)] }]);
    servePage(() => [mine]);
    renderPage();
    await screen.findByText("Wifi password");

    // On the list: the answer is announced on the desktop, with the agent's name.
    act(() => fakeRealtime.deliver("CHAT_MESSAGE_SEND_NOTIFY", chatMessage(2, AGENT, room, "It is on your [badge](https://example.org/b).")));
    expect(FakeNotification.shown).toEqual([{ title: "Answer to “Wifi password”", options: expect.objectContaining({ body: "Bob Builder: It is on your badge." }) }]);
    // One's own messages never.
    act(() => fakeRealtime.deliver("CHAT_MESSAGE_SEND_NOTIFY", chatMessage(3, ME, room)));
    expect(FakeNotification.shown).toHaveLength(1);

    // Looking at the conversation: nothing; the same with the tab hidden: announced.
    await userEvent.click(entry("Wifi password"));
    await conversation("Wifi password");
    act(() => fakeRealtime.deliver("CHAT_MESSAGE_SEND_NOTIFY", chatMessage(4, AGENT, room)));
    expect(FakeNotification.shown).toHaveLength(1);
    setVisibility("hidden");
    act(() => fakeRealtime.deliver("CHAT_MESSAGE_SEND_NOTIFY", chatMessage(5, AGENT, room)));
    expect(FakeNotification.shown).toHaveLength(2);

    // Not allowed by the browser: nothing, hidden or not.
    FakeNotification.reset("denied");
    act(() => fakeRealtime.deliver("CHAT_MESSAGE_SEND_NOTIFY", chatMessage(6, AGENT, room)));
    expect(FakeNotification.shown).toEqual([]);
  });

  it("announces an answer in a conversation it learns of from the ticket frame that follows the message", async () => {
    servePage(() => []);
    renderPage();
    await screen.findByText(/You have not asked anything yet/);
    const other = roomOf("t5");
    // A message of a room not known yet waits for its ticket: someone else's ticket says nothing…
    act(() => fakeRealtime.deliver("CHAT_MESSAGE_SEND_NOTIFY", chatMessage(1, AGENT, other)));
    act(() => fakeRealtime.deliver("HELPDESK_TICKET_NOTIFY", ticket("t5", { Requester: people.attendee, Assignee: people.agent })));
    expect(FakeNotification.shown).toEqual([]);
    // …Ada's own does.
    const hers = roomOf("t6");
    act(() => fakeRealtime.deliver("CHAT_MESSAGE_SEND_NOTIFY", chatMessage(2, AGENT, hers, "Here you go")));
    act(() => fakeRealtime.deliver("HELPDESK_TICKET_NOTIFY", ticket("t6", { Topic: "Slides", Assignee: people.agent, State: "waiting", LastMessageBy: "agent" })));
    expect(FakeNotification.shown).toEqual([{ title: "Answer to “Slides”", options: expect.objectContaining({ body: "Bob Builder: Here you go" }) }]);
  });

  it("asks the browser for permission with “Notify me of answers”", async () => {
    FakeNotification.reset("default");
    servePage(() => []);
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Notify me of answers" }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    const sentence = await screen.findByText(/You are notified on your desktop/);
    expect(sentence).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Notify me of answers" })).toBeNull();
  });

  it("gives the event's agents a second tab with the agent desk", async () => {
    servePage(() => [], { agent: true });
    renderPage();
    const deskTab = await screen.findByRole("tab", { name: "Agent desk" });
    expect(screen.getByRole("tab", { name: "My questions" })).toHaveAttribute("aria-selected", "true");
    await userEvent.click(deskTab);
    expect(await screen.findByRole("tablist", { name: "Conversations by state" })).toBeInTheDocument();
    expect(screen.getByRole("tabpanel", { name: "Agent desk" })).toBeInTheDocument();
  });

  it("shows no agent desk to attendees who are not agents", async () => {
    servePage(() => []);
    renderPage();
    await screen.findByText(/You have not asked anything yet/);
    expect(screen.queryByRole("tab")).toBeNull();
  });

  it("axe finds nothing serious on the list and in an open conversation", async () => {
    const answered = ticket("t1", { Topic: "Wifi password", State: "waiting", Assignee: people.agent, LastMessageBy: "agent" });
    const room = answered.ChatroomID;
    seedChat([{ roomID: room, messages: [chatMessage(1, ME, room), chatMessage(2, AGENT, room)] }]);
    servePage(() => [answered, ticket("t2", { Topic: "Lost badge", State: "closed" })]);
    const { container } = renderPage();
    await userEvent.click(await screen.findByRole("button", { name: /^Wifi password/ }));
    await conversation("Wifi password");
    const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });
});

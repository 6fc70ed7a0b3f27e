import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { BreakoutsView } from "./BreakoutsView";
import { resetNames } from "./names";
import { resetPresence } from "./presence";
import { BOB, CARA, EVENT, fakeServer, ME, occupancy, presence, room, roomNotice } from "./testing";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const LIST = `GET /api/v1/events/${EVENT}/breakouts`;
const NAMES = `POST /api/v1/events/${EVENT}/lists/attendees`;
const people = [
  { PersonID: BOB, FullName: "Bob Builder", PictureURL: "" },
  { PersonID: CARA, FullName: "Cara Clark", PictureURL: "https://pictures.example.org/cara.png" },
];

function serve(rooms: ReturnType<typeof room>[]) {
  return fakeServer({
    [LIST]: { status: 200, body: rooms },
    [NAMES]: (_url, body) => ({ status: 200, body: people.filter((p) => (body as string[]).includes(p.PersonID)) }),
  });
}

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BreakoutsView eventID={EVENT} me={ME} />
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.getByRole("article", { name });
const joinSent = () => fakeRealtime.sentOf("BREAKOUT_JOIN");

/** Joins "Room r1" through the button and answers as the server does. */
async function joinR1() {
  await userEvent.click(await screen.findByRole("button", { name: "Join “Room r1”" }));
  const [sent] = joinSent();
  expect(sent?.RoomID).toBe("r1");
  act(() => fakeRealtime.deliver("BREAKOUT_PRESENCE_NOTIFY", presence("r1", { TmpID: sent?.TmpID ?? "" })));
  return screen.findByRole("heading", { name: "You are in “Room r1”" });
}

beforeEach(async () => {
  await initI18n("en");
  fakeRealtime.reset();
  resetPresence();
  resetNames();
});
afterEach(() => vi.unstubAllGlobals());

describe("the breakout rooms", () => {
  it("lists the rooms with topic, state, seats and who is inside by name and picture", async () => {
    const future = new Date(Date.now() + 3 * 3600_000).toISOString();
    serve([
      room("r1", { Title: "Hybrid stages", Topic: "After the keynote", PersonIDs: [BOB, CARA], Capacity: 12 }),
      room("r2", { Title: "Speakers' corner", PersonIDs: [BOB, CARA], Capacity: 2 }),
      room("r3", { Title: "Evening networking", OpensAt: future, State: "scheduled" }),
    ]);
    renderView();
    expect(screen.getByText("Loading the breakout rooms…")).toBeInTheDocument();
    const first = await screen.findByRole("article", { name: "Hybrid stages" });
    expect(within(first).getByText("After the keynote")).toBeInTheDocument();
    expect(within(first).getByText("Open")).toBeInTheDocument();
    expect(within(first).getByText("10 seats left of 12")).toBeInTheDocument();
    const inside = within(first).getByRole("list", { name: "Inside “Hybrid stages”" });
    expect(await within(inside).findByText("Bob Builder")).toBeInTheDocument();
    expect(within(inside).getByText("Cara Clark").previousElementSibling).toHaveAttribute("src", "https://pictures.example.org/cara.png");

    // Full: said in words, and no way to join.
    const full = card("Speakers' corner");
    expect(within(full).getByText("Full")).toBeInTheDocument();
    expect(within(full).queryByRole("button")).toBeNull();
    // Not open yet: when it opens, and no way to join.
    const later = card("Evening networking");
    expect(within(later).getByText("Not open yet")).toBeInTheDocument();
    expect(within(later).getByText(/^Opens at /)).toBeInTheDocument();
    expect(within(later).queryByRole("button")).toBeNull();
  });

  it("says when the rooms cannot be read, and reads them again on Try again", async () => {
    const server = fakeServer({ [LIST]: "offline" });
    renderView();
    expect(await screen.findByRole("alert")).toHaveTextContent("The breakout rooms could not be loaded.");
    server.routes[LIST] = { status: 200, body: [] };
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText(/There are no breakout rooms yet/)).toBeInTheDocument();
  });

  it("joins over the socket: the room's heading takes the focus, its call is embedded, its chat is there", async () => {
    serve([room("r1", { PersonIDs: [BOB] })]);
    renderView();
    const heading = await joinR1();
    await waitFor(() => expect(heading).toHaveFocus());
    const frame = screen.getByTitle("Call of “Room r1”");
    expect(frame).toHaveAttribute("src", "https://meet.example.org/r1");
    expect(frame.getAttribute("allow")).toMatch(/camera; microphone/);
    // Another origin: the call page keeps its own origin (its storage), scripts and popups.
    expect(frame.getAttribute("sandbox")).toMatch(/allow-scripts.*allow-same-origin/);
    expect(screen.getByRole("region", { name: "Chat of “Room r1”" })).toBeInTheDocument();
    expect(within(card("Room r1")).getByText("You are here")).toBeInTheDocument();

    // The occupancy frame brings the person in; an older one crossing it changes nothing.
    act(() => fakeRealtime.deliver("BREAKOUT_OCCUPANCY_NOTIFY", { EventID: EVENT, Rooms: [occupancy("r1", 3, [BOB, ME])] }));
    act(() => fakeRealtime.deliver("BREAKOUT_OCCUPANCY_NOTIFY", { EventID: EVENT, Rooms: [occupancy("r1", 2, [BOB])] }));
    expect(await within(card("Room r1")).findByText("2 seats left of 4")).toBeInTheDocument();
    expect(within(card("Room r1")).getByText("You")).toBeInTheDocument();
  });

  it("says clearly why a full or closed room refused, and stays outside", async () => {
    serve([room("r1")]);
    renderView();
    await userEvent.click(await screen.findByRole("button", { name: "Join “Room r1”" }));
    const [sent] = joinSent();
    act(() =>
      fakeRealtime.deliver("BREAKOUT_JOIN_ERROR", {
        Error: { Code: "BREAKOUT_ROOM_FULL", Message: "full", Data: { RoomID: "r1", TmpID: sent?.TmpID ?? "", Capacity: 4 } },
      }),
    );
    expect(await within(card("Room r1")).findByRole("alert")).toHaveTextContent("This breakout room is full. Try another one or come back later.");
    expect(screen.queryByRole("heading", { name: /^You are in/ })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Join “Room r1”" }));
    const second = joinSent()[1];
    act(() =>
      fakeRealtime.deliver("BREAKOUT_JOIN_ERROR", {
        Error: { Code: "BREAKOUT_ROOM_CLOSED", Message: "closed", Data: { RoomID: "r1", TmpID: second?.TmpID ?? "", State: "closed" } },
      }),
    );
    expect(await within(card("Room r1")).findByRole("alert")).toHaveTextContent("This breakout room is not open right now.");
  });

  it("needs the live connection to join, and says so without sending anything", async () => {
    serve([room("r1")]);
    fakeRealtime.setState("closed");
    renderView();
    await userEvent.click(await screen.findByRole("button", { name: "Join “Room r1”" }));
    expect(await within(card("Room r1")).findByRole("alert")).toHaveTextContent(/Joining a room needs a live connection/);
    expect(joinSent()).toEqual([]);
  });

  it("leaves only the room it is in, and gives the focus back to its Join button", async () => {
    serve([room("r1")]);
    renderView();
    await joinR1();
    await userEvent.click(screen.getByRole("button", { name: "Leave the room" }));
    const [left] = fakeRealtime.sentOf("BREAKOUT_LEAVE");
    expect(left?.RoomID).toBe("r1");
    act(() => fakeRealtime.deliver("BREAKOUT_PRESENCE_NOTIFY", presence(null, { Reason: "left", FromRoomID: "r1", TmpID: left?.TmpID ?? "" })));
    await waitFor(() => expect(screen.getByRole("button", { name: "Join “Room r1”" })).toHaveFocus());
    expect(screen.queryByTitle("Call of “Room r1”")).toBeNull();
  });

  it("follows an organizer's move and says it, then the room closing", async () => {
    serve([room("r1"), room("r2", { Title: "Garden" })]);
    renderView();
    await joinR1();
    screen.getByRole("button", { name: "Leave the room" }).focus();
    act(() => fakeRealtime.deliver("BREAKOUT_PRESENCE_NOTIFY", presence("r2", { Reason: "moved", FromRoomID: "r1" })));
    expect(await screen.findByText("An organizer moved you to “Garden”.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "You are in “Garden”" })).toBeInTheDocument();
    // The presence stays with this tab: the new room's call is embedded here.
    expect(screen.getByTitle("Call of “Garden”")).toHaveAttribute("src", "https://meet.example.org/r2");

    act(() => fakeRealtime.deliver("BREAKOUT_PRESENCE_NOTIFY", presence(null, { Reason: "closed", FromRoomID: "r2" })));
    act(() => fakeRealtime.deliver("BREAKOUT_ROOM_NOTIFY", roomNotice("r2", { Title: "Garden", State: "closed", ClosesAt: new Date(Date.now() - 1000).toISOString() })));
    expect(await screen.findByText("The organizers closed “Garden”. You are back in the list of rooms.")).toBeInTheDocument();
    // The room's buttons went with it: the focus is on the list, not lost.
    expect(screen.getByRole("heading", { name: "Breakout rooms" })).toHaveFocus();
    expect(screen.queryByRole("heading", { name: /^You are in/ })).toBeNull();
    expect(within(card("Garden")).getByText("Closed")).toBeInTheDocument();
  });

  it("adds and removes rooms as the organizers make and delete them", async () => {
    serve([room("r1")]);
    renderView();
    await screen.findByRole("article", { name: "Room r1" });
    act(() => fakeRealtime.deliver("BREAKOUT_ROOM_NOTIFY", roomNotice("r2", { Title: "Pop-up room", Capacity: 6 })));
    // TanStack Query tells the list on its next tick: hence the waiting queries.
    expect(within(await screen.findByRole("article", { name: "Pop-up room" })).getByText("6 seats left of 6")).toBeInTheDocument();
    act(() => fakeRealtime.deliver("BREAKOUT_ROOM_NOTIFY", roomNotice("r1", { Deleted: true })));
    await waitFor(() => expect(screen.queryByRole("article", { name: "Room r1" })).toBeNull());
    // Another event's frames are not this list's.
    act(() => fakeRealtime.deliver("BREAKOUT_ROOM_NOTIFY", { ...roomNotice("r9"), EventID: "6650a1b2c3d4e5f60000ffff" }));
    expect(screen.queryByRole("article", { name: "Room r9" })).toBeNull();
  });

  it("goes back into the room after a reconnect, and reads the list again", async () => {
    const server = serve([room("r1")]);
    renderView();
    await joinR1();
    act(() => fakeRealtime.setState("closed"));
    expect(await screen.findByText(/The connection was lost. You go back into “Room r1”/)).toBeInTheDocument();
    const reads = server.calls.filter((c) => c.method === "GET").length;
    act(() => fakeRealtime.setState("open"));
    await waitFor(() => expect(joinSent()).toHaveLength(2));
    expect(joinSent()[1]?.RoomID).toBe("r1");
    await waitFor(() => expect(server.calls.filter((c) => c.method === "GET").length).toBeGreaterThan(reads));
    act(() => fakeRealtime.deliver("BREAKOUT_PRESENCE_NOTIFY", presence("r1", { TmpID: joinSent()[1]?.TmpID ?? "" })));
    expect(await screen.findByTitle("Call of “Room r1”")).toBeInTheDocument();
  });

  it("shows a presence another tab holds without a second call, with a way to take it over", async () => {
    serve([room("r1", { PersonIDs: [ME] })]);
    renderView();
    expect(await within(await screen.findByRole("article", { name: "Room r1" })).findByText("You are in this room in another tab or window.")).toBeInTheDocument();
    act(() => fakeRealtime.deliver("BREAKOUT_PRESENCE_NOTIFY", presence("r1", { TmpID: "another-tab" })));
    expect(await screen.findByText(/the call runs there/)).toBeInTheDocument();
    expect(screen.queryByTitle("Call of “Room r1”")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Move the call to this tab" }));
    expect(joinSent()[0]?.RoomID).toBe("r1");
  });

  it("links a Zoom room's meeting instead of framing it", async () => {
    serve([room("r1", { ConferenceType: "Zoom" })]);
    renderView();
    await userEvent.click(await screen.findByRole("button", { name: "Join “Room r1”" }));
    const call = { Type: "Zoom", URL: "https://zoom.us/j/123", MeetingID: "123", Password: "secret" };
    act(() => fakeRealtime.deliver("BREAKOUT_PRESENCE_NOTIFY", presence("r1", { TmpID: joinSent()[0]?.TmpID ?? "", Call: call })));
    const link = await screen.findByRole("link", { name: "Open the Zoom meeting" });
    expect(link).toHaveAttribute("href", "https://zoom.us/j/123");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByText("Passcode: secret")).toBeInTheDocument();
    expect(screen.queryByTitle("Call of “Room r1”")).toBeNull();
  });

  it("axe finds nothing serious in the list and inside a room", async () => {
    serve([room("r1", { PersonIDs: [BOB], Topic: "Talk" }), room("r2", { PersonIDs: [BOB, CARA], Capacity: 2 })]);
    const { container } = renderView();
    await joinR1();
    await screen.findAllByText("Bob Builder");
    const result = await axe.run(container, { iframes: false, rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });
});

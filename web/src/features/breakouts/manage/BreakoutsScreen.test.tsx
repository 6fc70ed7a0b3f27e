import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNotifications } from "@/features/notifications";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { storageKeys, writeItem } from "@/lib/storage";
import { resetNames } from "../names";
import { BASE, BOB, CARA, EVENT, occupancy, refusal, renderRooms, room, roomNotice, serveRooms } from "./breakouts-test-utils";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const row = (id: string) => within(document.querySelector(`tr[data-room="${id}"]`) as HTMLElement);
const dialog = () => within(screen.getByRole("dialog"));
const toasts = () => useNotifications.getState().items.map((n) => n.text);

/** Delivers a frame and lets the query cache tell the screen (its notifications are batched). */
async function deliver(...args: Parameters<typeof fakeRealtime.deliver>) {
  await act(async () => {
    fakeRealtime.deliver(...args);
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

const demo = () => [
  room("r1", {
    Title: "Garden",
    Topic: "After the keynote",
    PersonIDs: [BOB],
    Capacity: 4,
    Version: 3,
    ClosesAt: "2099-05-01T16:00:00Z",
    Call: { Type: "Jitsi", URL: "https://meet.jit.si/garden", MeetingID: "", Password: "" },
  }),
  room("r2", { Title: "Library", Capacity: 2, ConferenceType: "Zoom", Call: { Type: "Zoom", URL: "", MeetingID: "", Password: "" } }),
  room("r3", { Title: "Evening", OpensAt: "2099-05-01T17:00:00Z", State: "scheduled", ConferenceType: "None" }),
];

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
  fakeRealtime.reset();
  resetNames();
});
afterEach(() => vi.unstubAllGlobals());

describe("BreakoutsScreen", { timeout: 20_000 }, () => {
  it("lists the rooms with state, times in the event's zone, call and who is inside, on a socket bound to the event", async () => {
    writeItem("local", storageKeys.consoleJwt, "token-1");
    const connect = vi.spyOn(fakeRealtime, "connect");
    serveRooms(demo());
    renderRooms();
    expect(screen.getByText("Loading the breakout rooms…")).toBeInTheDocument();
    await screen.findByText("Garden");
    expect(connect).toHaveBeenCalledWith("token-1", { eventId: EVENT });
    expect(screen.getByText("Times are in the event's time zone: Europe/Berlin.")).toBeInTheDocument();
    expect(row("r1").getByText("Open")).toHaveClass("breakouts-state--open");
    expect(row("r1").getByText("Closes 01.05.2099 18:00")).toBeInTheDocument();
    expect(row("r1").getByText("Jitsi Meet")).toBeInTheDocument();
    expect(row("r1").getByText("1 of 4 seats taken")).toBeInTheDocument();
    expect(await row("r1").findByText("Bob Builder")).toBeInTheDocument();
    expect(row("r2").getByText("No meeting yet")).toBeInTheDocument();
    expect(row("r3").getByText("Scheduled")).toBeInTheDocument();
    expect(row("r3").getByText("Opens 01.05.2099 19:00")).toBeInTheDocument();
    expect(row("r3").getByRole("button", { name: "Open now for “Evening”" })).toBeInTheDocument();
  });

  it("says when the rooms cannot be loaded, with a retry", async () => {
    serveRooms([], { failList: true });
    renderRooms();
    expect(await screen.findByRole("alert")).toHaveTextContent("The breakout rooms could not be loaded.");
  });

  it("creates a room after checking the form, with UTC times and its call's address", async () => {
    const server = serveRooms([]);
    renderRooms();
    await userEvent.click(await screen.findByRole("button", { name: "New room" }));
    await userEvent.clear(dialog().getByLabelText("Seats"));
    await userEvent.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(dialog().getByLabelText("Name")).toHaveFocus());
    expect(dialog().getByLabelText("Name")).toHaveAccessibleDescription("Give the room a name.");
    expect(dialog().getByLabelText("Seats")).toHaveAccessibleDescription(/Enter a whole number of seats from 1 to 1000./);
    expect(server.writes()).toEqual([]);

    await userEvent.type(dialog().getByLabelText("Name"), "Garden");
    await userEvent.type(dialog().getByLabelText("Seats"), "6");
    await userEvent.type(dialog().getByLabelText("Opens at"), "2030-05-01T10:00");
    await userEvent.selectOptions(dialog().getByLabelText("Call"), "Jitsi");
    await userEvent.click(dialog().getByRole("button", { name: "Save" }));
    expect(dialog().getByLabelText("Address of the call")).toHaveAccessibleDescription(/Enter the address of the call./);
    await userEvent.type(dialog().getByLabelText("Address of the call"), "https://meet.jit.si/garden");
    await userEvent.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.writes().map((c) => [c.method, c.path])).toEqual([["POST", `${BASE}/breakouts`]]);
    expect(server.writes()[0]?.body).toMatchObject({ Title: "Garden", Capacity: 6, OpensAt: "2030-05-01T08:00:00.000Z", ConferenceType: "Jitsi", ConferenceJoinURL: "https://meet.jit.si/garden" });
    expect(toasts()).toContain("“Garden” was created.");
    expect(await screen.findByText("Garden")).toBeInTheDocument();
  });

  it("makes a Zoom room's meeting after saving it, and says so when Zoom refuses", async () => {
    const server = serveRooms([]);
    renderRooms();
    await userEvent.click(await screen.findByRole("button", { name: "New room" }));
    await userEvent.type(dialog().getByLabelText("Name"), "Zoom room");
    await userEvent.selectOptions(dialog().getByLabelText("Call"), "Zoom");
    expect(dialog().getByText(/The Zoom meeting is created through the event's Zoom account/)).toBeInTheDocument();
    await userEvent.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.writes().map((c) => c.path)).toEqual([`${BASE}/breakouts`, `${BASE}/activities/new1/createzoommeeting`]);
    expect(toasts().join(" ")).toMatch(/“Zoom room” was saved, but the Zoom meeting could not be created/);
  });

  it("edits a room, with the server's refusal beside the field it names", async () => {
    const server = serveRooms(demo());
    renderRooms();
    await userEvent.click(await screen.findByRole("button", { name: "Edit for “Garden”" }));
    expect(dialog().getByLabelText("Address of the call")).toHaveValue("https://meet.jit.si/garden");
    server.answers.push(refusal(422, "VALIDATION_ERROR", { Problems: [{ In: "body", Name: "Capacity", Type: "less_than_equal", Message: "too many" }] }));
    await userEvent.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(dialog().getByLabelText("Seats")).toHaveAccessibleDescription(/The entries are not valid|not valid/i));
    expect(dialog().getByLabelText("Name")).toHaveValue("Garden");

    await userEvent.clear(dialog().getByLabelText("Name"));
    await userEvent.type(dialog().getByLabelText("Name"), "Rose garden");
    await userEvent.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const put = server.writes().filter((c) => c.method === "PUT").at(-1);
    expect(put?.path).toBe(`${BASE}/breakouts/r1`);
    expect(put?.body).toMatchObject({ Title: "Rose garden", InternalName: "room-r1", ConferenceJoinURL: "https://meet.jit.si/garden" });
    expect(await screen.findByText("Rose garden")).toBeInTheDocument();
  });

  it("follows occupancy live, newest version per room, and rooms made or deleted elsewhere", async () => {
    const server = serveRooms(demo());
    renderRooms();
    await screen.findByText("Garden");
    await deliver("BREAKOUT_OCCUPANCY_NOTIFY", { EventID: EVENT, Rooms: [occupancy("r1", 5, [BOB, CARA])] });
    expect(row("r1").getByText("2 of 4 seats taken")).toBeInTheDocument();
    expect(await row("r1").findByText("Cara Clark")).toBeInTheDocument();
    await deliver("BREAKOUT_OCCUPANCY_NOTIFY", { EventID: EVENT, Rooms: [occupancy("r1", 4, [])] });
    expect(row("r1").getByText("2 of 4 seats taken")).toBeInTheDocument();

    await deliver("BREAKOUT_ROOM_NOTIFY", roomNotice("r3", { Deleted: true }));
    expect(screen.queryByText("Evening")).toBeNull();
    // A room made in another tab: read again (only REST has its call), once per burst.
    server.rooms = [...server.rooms, room("r4", { Title: "Pop-up" })];
    await deliver("BREAKOUT_ROOM_NOTIFY", roomNotice("r4", { Title: "Pop-up" }));
    expect(await screen.findByText("Pop-up", {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it("closes a room by hand and says so", async () => {
    const server = serveRooms(demo());
    renderRooms();
    await userEvent.click(await screen.findByRole("button", { name: "Close now for “Garden”" }));
    await waitFor(() => expect(screen.getByTestId("breakouts-announcer")).toHaveTextContent("“Garden” is closed; everyone inside has left it."));
    expect(server.writes().map((c) => c.path)).toEqual([`${BASE}/breakouts/r1/close`]);
    expect(row("r1").getByText("Closed")).toBeInTheDocument();
    expect(row("r1").getByRole("button", { name: "Open now for “Garden”" })).toBeInTheDocument();
  });

  it("moves a person to another open room with a seat, and says why when the server refuses", async () => {
    const server = serveRooms(demo());
    renderRooms();
    await screen.findByText("Garden");
    await userEvent.click(await row("r1").findByRole("button", { name: "Move Bob Builder" }));
    // Only open rooms with a free seat: the scheduled one is not offered.
    const target = dialog().getByLabelText("Move to");
    expect(within(target).getAllByRole("option").map((o) => o.textContent)).toEqual(["Library (2 seats left)"]);
    server.answers.push(refusal(409, "BREAKOUT_ROOM_FULL", { Capacity: 2 }));
    await userEvent.click(dialog().getByRole("button", { name: "Move" }));
    expect(await dialog().findByRole("alert")).toHaveTextContent("Bob Builder was not moved: This breakout room is full.");
    await userEvent.click(dialog().getByRole("button", { name: "Move" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const moves = server.writes().filter((c) => c.path.endsWith("/move"));
    expect(moves.at(-1)).toMatchObject({ path: `${BASE}/breakouts/r2/move`, body: { PersonID: BOB } });
    expect(toasts()).toContain("Bob Builder is now in “Library”.");
    await waitFor(() => expect(row("r2").getByText("1 of 2 seats taken")).toBeInTheDocument());
    await waitFor(() => expect(row("r1").getByText("Nobody inside")).toBeInTheDocument());
  });

  it("deletes a room after asking", async () => {
    const server = serveRooms(demo());
    renderRooms();
    await userEvent.click(await screen.findByRole("button", { name: "Delete for “Garden”" }));
    expect(screen.getByRole("alertdialog", { name: "Delete “Garden”?" })).toHaveAccessibleDescription("The person inside leaves it, and the room's chat is deleted with it.");
    await userEvent.click(screen.getByRole("button", { name: "Delete room" }));
    await waitFor(() => expect(screen.queryByText("Garden")).toBeNull());
    expect(server.writes().map((c) => [c.method, c.path])).toEqual([["DELETE", `${BASE}/breakouts/r1`]]);
    expect(toasts()).toContain("“Garden” was deleted.");
  });

  it("broadcasts to every room, sending a retry with the same TmpID", async () => {
    const server = serveRooms(demo());
    renderRooms();
    const field = await screen.findByLabelText("Message");
    await userEvent.click(screen.getByRole("button", { name: "Send to all rooms" }));
    expect(field).toHaveAccessibleDescription(/Write the message first./);
    expect(field).toHaveFocus();
    await userEvent.type(field, "Back in the plenary in five minutes");
    server.answers.push(refusal(503, "SERVER_BUSY"));
    await userEvent.click(screen.getByRole("button", { name: "Send to all rooms" }));
    expect(await screen.findByText(/The message was not sent/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Send to all rooms" }));
    expect(await screen.findByText("Sent to 3 rooms.")).toBeInTheDocument();
    const sent = server.writes().filter((c) => c.path === `${BASE}/breakouts/broadcast`);
    expect(sent).toHaveLength(2);
    const [first, second] = sent.map((c) => c.body as { Text: string; TmpID: string });
    expect(first?.Text).toBe("Back in the plenary in five minutes");
    expect(second?.TmpID).toBe(first?.TmpID);
    expect(field).toHaveValue("");
  });

  it("axe finds no violations in the list, the form and the move dialog", async () => {
    serveRooms(demo());
    const { container } = renderRooms();
    await screen.findAllByText("Bob Builder");
    await userEvent.click(screen.getByRole("button", { name: "Move Bob Builder" }));
    const moving = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(moving.violations).toEqual([]);
    await userEvent.click(dialog().getByRole("button", { name: "Cancel" }));
    await userEvent.click(screen.getByRole("button", { name: "Edit for “Garden”" }));
    const editing = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(editing.violations).toEqual([]);
  });
});

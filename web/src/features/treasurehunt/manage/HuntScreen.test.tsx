import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNotifications } from "@/features/notifications";
import { initI18n } from "@/lib/i18n";
import { storageKeys, writeItem } from "@/lib/storage";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { BOARD_REREAD_MS } from "./board-frames";
import { BASE, EVENT, HUNTS, MAIN, NEW_HUNT, refused, renderSection, serveSection, SIDE } from "./hunt-test-utils";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

// The viewer needs WebGL; here it records what the preview hands it and lets a test click it.
interface ViewerProps {
  nodeID: string;
  markers: { kind: string; yaw: number; pitch: number }[];
  onPanoramaClick?: (position: { yaw: number; pitch: number }) => void;
  onNodeChange: (id: string) => void;
}
const viewer = vi.hoisted(() => ({ props: null as ViewerProps | null }));
vi.mock("@/features/venue/PanoramaViewer", () => ({
  PanoramaViewer: (props: ViewerProps) => {
    viewer.props = props;
    return <div data-testid="viewer" data-node={props.nodeID} />;
  },
}));

const dialog = () => within(screen.getByRole("dialog"));
const toasts = () => useNotifications.getState().items.map((n) => n.text);
const itemRow = (id: string) => within(document.querySelector(`tr[data-item="${id}"]`) as HTMLElement);
const writes = (server: ReturnType<typeof serveSection>) => server.calls.filter((c) => c.method !== "GET");

beforeEach(async () => {
  await initI18n("en");
  fakeRealtime.reset();
  useNotifications.setState({ items: [] });
  viewer.props = null;
  vi.spyOn(console, "warn").mockImplementation(() => undefined); // the test tour has no pano.xml
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the console's Treasure hunt section", { timeout: 30_000 }, () => {
  it("lists the hunts, then the main hunt's items by room and its board with real names", async () => {
    serveSection();
    renderSection();
    expect(screen.getByRole("status")).toHaveTextContent("Loading the treasure hunts…");
    const hunts = await screen.findByRole("region", { name: "Hunts" });
    const main = within(hunts.querySelector(`tr[data-hunt="${MAIN}"]`) as HTMLElement);
    expect(main.getByText("Main hunt")).toBeInTheDocument();
    expect(main.getByText("Open")).toBeInTheDocument();
    expect(main.getByText("Always open")).toBeInTheDocument();
    expect(main.getByRole("button", { name: "Edit items of “Find the hidden stars”" })).toHaveAttribute("aria-pressed", "true");
    expect(within(hunts).getByText("From 01.05.2099 19:00")).toBeInTheDocument();
    expect(within(hunts).getByText("Closed")).toBeInTheDocument();

    expect(await screen.findByRole("heading", { name: "Items of “Find the hidden stars”" })).toBeInTheDocument();
    await waitFor(() => expect(itemRow("i1").getByText("Lobby")).toBeInTheDocument());
    expect(itemRow("i1").getByText("20")).toBeInTheDocument();
    expect(itemRow("i1").getByText("2 people")).toBeInTheDocument();
    expect(itemRow("i2").getByText("Auditorium")).toBeInTheDocument();
    expect(itemRow("i2").getByText("1 person")).toBeInTheDocument();
    expect(itemRow("i3").getByText("ghost (not in the tour)")).toBeInTheDocument();

    const board = screen.getByRole("region", { name: "Leaderboard" });
    expect(await within(board).findByText("Bob Builder")).toBeInTheDocument();
    expect(within(board).getByText("Cara Clark")).toBeInTheDocument();
    expect(within(board).getByText("(name hidden from attendees)")).toBeInTheDocument();
  });

  it("creates a hunt after checking the form, as a TreasureHunt activity with UTC times, and opens it", async () => {
    const server = serveSection();
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "New hunt" }));
    await userEvent.click(dialog().getByRole("button", { name: "Create the hunt" }));
    expect(await dialog().findByText("Enter a title.")).toBeInTheDocument();
    await waitFor(() => expect(dialog().getByLabelText("Title")).toHaveFocus());
    await userEvent.type(dialog().getByLabelText("Title"), "  Coffee hunt ");
    await userEvent.type(dialog().getByLabelText("Opens"), "2030-05-01T10:00");
    await userEvent.type(dialog().getByLabelText("Closes"), "2030-05-01T09:00");
    await userEvent.click(dialog().getByRole("button", { name: "Create the hunt" }));
    expect(await dialog().findByText("The end must be after the start.")).toBeInTheDocument();
    expect(writes(server)).toEqual([]);

    await userEvent.clear(dialog().getByLabelText("Closes"));
    await userEvent.type(dialog().getByLabelText("Closes"), "2030-05-01T18:00");
    await userEvent.click(dialog().getByRole("button", { name: "Create the hunt" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(server).map((c) => [c.method, c.path, c.body])).toEqual([
      ["POST", `${BASE}/activities?EntityType=TreasureHunt`, { Title: "Coffee hunt", DateBegin: "2030-05-01T08:00:00.000Z", DateEnd: "2030-05-01T16:00:00.000Z" }],
    ]);
    expect(toasts()).toEqual(["“Coffee hunt” created."]);
    const heading = await screen.findByRole("heading", { name: "Items of “Coffee hunt”" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByText("No item is hidden in this hunt yet.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: `Edit items of “Coffee hunt”` })).toHaveAttribute("aria-pressed", "true");
    expect(server.calls.some((c) => c.path.startsWith(`${HUNTS}/${NEW_HUNT}/items`))).toBe(true);
  });

  it("hides an item placed by a click on the room's panorama, after checking the form", async () => {
    const server = serveSection();
    renderSection();
    await waitFor(() => expect(itemRow("i1").getByText("Lobby")).toBeInTheDocument());
    await userEvent.click(screen.getByRole("button", { name: "Hide an item" }));
    const room = dialog().getByRole("combobox", { name: "Room" });
    expect(room).toHaveValue("lobby");
    expect(within(room).getAllByRole("option").map((o) => o.textContent)).toEqual(["Lobby", "Auditorium"]);
    // The preview's chunk, the tour and the viewer's chunk load on the first opening.
    expect(await dialog().findByTestId("viewer", {}, { timeout: 5000 })).toHaveAttribute("data-node", "lobby");

    await userEvent.selectOptions(room, "auditorium");
    await waitFor(() => expect(dialog().getByTestId("viewer")).toHaveAttribute("data-node", "auditorium"));
    act(() => viewer.props?.onPanoramaClick?.({ yaw: 12.345, pitch: -3.21 }));
    expect(dialog().getByRole("textbox", { name: "Direction (yaw)" })).toHaveValue("12.3");
    expect(dialog().getByRole("textbox", { name: "Height (pitch)" })).toHaveValue("-3.2");
    // The item is drawn where it will be.
    expect(viewer.props?.markers).toEqual([expect.objectContaining({ kind: "treasure", yaw: 12.3, pitch: -3.2 })]);

    await userEvent.clear(dialog().getByRole("spinbutton", { name: "Points" }));
    await userEvent.type(dialog().getByRole("spinbutton", { name: "Points" }), "2000");
    await userEvent.click(dialog().getByRole("button", { name: "Save" }));
    expect(await dialog().findByText("Enter a name.")).toBeInTheDocument();
    expect(dialog().getByText("Points are a whole number from 1 to 1000.")).toBeInTheDocument();
    expect(writes(server)).toEqual([]);

    await userEvent.type(dialog().getByRole("textbox", { name: "Name" }), "Silver key");
    await userEvent.type(dialog().getByRole("textbox", { name: "Clue" }), "Under a seat");
    await userEvent.clear(dialog().getByRole("spinbutton", { name: "Points" }));
    await userEvent.type(dialog().getByRole("spinbutton", { name: "Points" }), "25");
    const readsBefore = server.calls.filter((c) => c.method === "GET" && c.path.startsWith(`${HUNTS}/${MAIN}/rankings`)).length;
    await userEvent.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(server).map((c) => [c.method, c.path, c.body])).toEqual([
      ["POST", `${HUNTS}/${MAIN}/items`, { NodeID: "auditorium", Yaw: 12.3, Pitch: -3.2, Name: "Silver key", Clue: "Under a seat", Points: 25 }],
    ]);
    expect(toasts()).toEqual(["“Silver key” hidden."]);
    expect(await screen.findByText("Silver key")).toBeInTheDocument();
    // The board follows item changes (points count for the scores).
    expect(server.calls.filter((c) => c.method === "GET" && c.path.startsWith(`${HUNTS}/${MAIN}/rankings`)).length).toBe(readsBefore + 1);
  });

  it("puts the server's refusal beside the field it names", async () => {
    const server = serveSection();
    server.routes[`PUT ${HUNTS}/${MAIN}/items/i1`] = refused(422, "VALIDATION_ERROR", { Problems: [{ Name: "NodeID", Message: "unknown node" }] });
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "Edit “Golden star”" }));
    expect(dialog().getByRole("heading", { name: "Edit “Golden star”" })).toBeInTheDocument();
    expect(dialog().getByRole("textbox", { name: "Name" })).toHaveValue("Golden star");
    expect(dialog().getByRole("textbox", { name: "Clue" })).toHaveValue("Near the stage");
    expect(dialog().getByRole("textbox", { name: "Direction (yaw)" })).toHaveValue("30");
    await userEvent.click(dialog().getByRole("button", { name: "Save" }));
    const room = dialog().getByRole("combobox", { name: "Room" });
    await waitFor(() => expect(room).toHaveAttribute("aria-invalid", "true"));
    expect(room).toHaveAccessibleDescription("Some of the entries are not valid. Please check them.");
    expect(room).toHaveFocus();
    expect(dialog().getByRole("textbox", { name: "Name" })).toHaveValue("Golden star");
  });

  it("edits an item, and deletes one after asking", async () => {
    const server = serveSection();
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "Edit “Golden star”" }));
    await userEvent.clear(dialog().getByRole("spinbutton", { name: "Points" }));
    await userEvent.type(dialog().getByRole("spinbutton", { name: "Points" }), "30");
    await userEvent.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(server)[0]).toMatchObject({ method: "PUT", path: `${HUNTS}/${MAIN}/items/i1`, body: { NodeID: "lobby", Name: "Golden star", Points: 30, Yaw: 30, Pitch: -5 } });
    expect(await itemRow("i1").findByText("30")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Delete “Old lamp”" }));
    const confirm = within(screen.getByRole("alertdialog"));
    expect(confirm.getByText("Attendees who found it lose its points; the scores are computed again.")).toBeInTheDocument();
    await userEvent.click(confirm.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(writes(server)[1]).toMatchObject({ method: "DELETE", path: `${HUNTS}/${MAIN}/items/i2` });
    await waitFor(() => expect(document.querySelector('tr[data-item="i2"]')).toBeNull());
    await waitFor(() => expect(screen.getByRole("heading", { name: "Items of “Find the hidden stars”" })).toHaveFocus());
    expect(toasts()).toContain("“Old lamp” deleted.");
  });

  it("renames and reschedules a hunt keeping the rest of its document, and deletes one after asking", async () => {
    const server = serveSection();
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "Title and schedule of “Evening hunt”" }));
    expect(dialog().getByRole("heading", { name: "Edit “Evening hunt”" })).toBeInTheDocument();
    // The stored UTC start, in the event's zone (Berlin, summer time).
    expect(dialog().getByLabelText("Opens")).toHaveValue("2099-05-01T19:00");
    await userEvent.clear(dialog().getByLabelText("Title"));
    await userEvent.type(dialog().getByLabelText("Title"), "Night hunt");
    await userEvent.clear(dialog().getByLabelText("Opens"));
    await userEvent.click(dialog().getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const put = writes(server)[0];
    expect(put).toMatchObject({ method: "PUT", path: `${BASE}/activities/${SIDE}` });
    // The organizer's own field is sent back; the start they cleared is not.
    expect(put?.body).toEqual({ ID: SIDE, EntityType: "TreasureHunt", Title: "Night hunt", Sponsor: "Acme" });
    expect(toasts()).toContain("“Night hunt” saved.");
    const side = () => document.querySelector(`tr[data-hunt="${SIDE}"]`);
    await waitFor(() => expect(within(side() as HTMLElement).getByText("Always open")).toBeInTheDocument());

    await userEvent.click(screen.getByRole("button", { name: "Delete the hunt “Night hunt”" }));
    const confirm = within(screen.getByRole("alertdialog"));
    expect(confirm.getByText(/attendees lose the points they scored in it/)).toBeInTheDocument();
    await userEvent.click(confirm.getByRole("button", { name: "Delete the hunt" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(writes(server)[1]).toMatchObject({ method: "DELETE", path: `${BASE}/activities/${SIDE}` });
    await waitFor(() => expect(side()).toBeNull());
    expect(toasts()).toContain("“Night hunt” deleted.");
  });

  it("reads the board and the finds again after the event's ranking frames, once per burst", async () => {
    const server = serveSection();
    renderSection();
    const board = await screen.findByRole("region", { name: "Leaderboard" });
    await within(board).findByText("Bob Builder");
    const reads = (path: string) => server.calls.filter((c) => c.method === "GET" && c.path.split("?")[0] === path).length;
    const boardPath = `${HUNTS}/${MAIN}/rankings`;
    const itemsPath = `${HUNTS}/${MAIN}/items`;
    const before = { board: reads(boardPath), items: reads(itemsPath) };
    const frame = (event: string) => ({ EventID: event, HuntID: MAIN, Top: [], Ranked: 2, Version: 9 });
    act(() => {
      fakeRealtime.deliver("TREASURE_HUNT_RANKING_NOTIFY", frame(EVENT));
      fakeRealtime.deliver("TREASURE_HUNT_RANKING_NOTIFY", frame(EVENT));
      fakeRealtime.deliver("TREASURE_HUNT_RANKING_NOTIFY", frame("6650a1b2c3d4e5f6000000ff"));
    });
    await waitFor(() => expect(reads(boardPath)).toBe(before.board + 1), { timeout: BOARD_REREAD_MS + 2000 });
    await waitFor(() => expect(reads(itemsPath)).toBe(before.items + 1));
    // Another event's frame asked for nothing; the burst cost one read of each.
    await new Promise((resolve) => setTimeout(resolve, BOARD_REREAD_MS + 200));
    expect(reads(boardPath)).toBe(before.board + 1);
    expect(screen.queryByRole("button", { name: "Refresh" })).toBeNull();
  });

  it("exports the board as CSV with the console's token, and says a refusal", async () => {
    writeItem("local", storageKeys.consoleJwt, "console-token");
    const server = serveSection();
    const created = vi.fn(() => "blob:csv");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    renderSection();
    const exportButton = await screen.findByRole("button", { name: "Export CSV" });
    await userEvent.click(exportButton);
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = server.fetch.mock.calls.find(([input]) => String(input).endsWith("/rankings.csv"));
    expect(String(call?.[0])).toBe(`${HUNTS}/${MAIN}/rankings.csv`);
    expect((call?.[1]?.headers as Record<string, string>).Authorization).toBe("Bearer console-token");
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`treasure-hunt-${MAIN}.csv`);

    server.routes[`GET ${HUNTS}/${MAIN}/rankings.csv`] = refused(403, "FORBIDDEN");
    await userEvent.click(exportButton);
    expect(await screen.findByRole("alert")).toHaveTextContent(/^The export failed\./);
    expect(exportButton).toHaveFocus();
  });

  it("says what is missing: no tour to place items on, or hunts that cannot be read", async () => {
    serveSection({ panoURL: "" });
    const { unmount } = renderSection();
    expect(await screen.findByText("The event has no tour yet: add one in the Venue section to hide items.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Hide an item" })).toBeNull();
    unmount();

    const server = serveSection();
    server.routes[`GET ${HUNTS}`] = refused(500, "INTERNAL_ERROR");
    renderSection();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The treasure hunts could not be loaded.");
    expect(within(alert).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("axe finds nothing serious on the section and in the item editor", async () => {
    serveSection();
    const { container } = renderSection();
    await waitFor(() => expect(itemRow("i1").getByText("Lobby")).toBeInTheDocument());
    await screen.findByText("Bob Builder");
    const serious = async (root: Element) => (await axe.run(root, { rules: { "color-contrast": { enabled: false } } })).violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(await serious(container)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Hide an item" }));
    await dialog().findByTestId("viewer", {}, { timeout: 5000 });
    expect(await serious(document.body)).toEqual([]);
  });
});

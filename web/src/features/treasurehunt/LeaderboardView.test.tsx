import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import LeaderboardView from "./LeaderboardView";
import { BOB, CARA, EVENT, hunt, HUNTS, item, MAIN, ME, mine, refused, routeServer, row, SIDE } from "./testing";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const stars = hunt(MAIN, { IsMain: true, Title: "Find the hidden stars" });
const coffee = hunt(SIDE, { Title: "Coffee hunt" });
const bob = row(1, BOB, { FullName: "Bob Builder", PictureURL: "https://cdn.example.org/bob.png", Score: 90 });
const cara = row(2, CARA, { FullName: "", Hidden: true, Score: 40 });

function serve(over: { hunts?: unknown[]; rows?: unknown[]; me?: unknown } = {}) {
  return routeServer({
    [`GET ${HUNTS}`]: { status: 200, body: over.hunts ?? [coffee, stars] },
    [`GET ${HUNTS}/${MAIN}/rankings`]: { status: 200, body: over.rows ?? [bob, cara] },
    [`GET ${HUNTS}/${MAIN}/me`]: { status: 200, body: over.me ?? mine({ Rank: 14, Score: 20, Found: 1 }) },
    [`GET ${HUNTS}/${MAIN}/items`]: {
      status: 200,
      body: [item("i1", { Found: true, Clue: "Already found" }), item("i2", { Clue: "Look up in the lobby" }), item("i3")],
    },
    [`GET ${HUNTS}/${SIDE}/rankings`]: { status: 200, body: [row(1, CARA, { FullName: "Cara Clark", Score: 10 })] },
    [`GET ${HUNTS}/${SIDE}/me`]: { status: 200, body: mine({ HuntID: SIDE }) },
    [`GET ${HUNTS}/${SIDE}/items`]: { status: 200, body: [] },
  });
}

function renderBoard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LeaderboardView eventID={EVENT} me={ME} />
    </QueryClientProvider>,
  );
}

const board = () => screen.findByRole("table", { name: "Top players of “Find the hidden stars”" });
const rowOf = (person: string) => within(document.querySelector(`tr[data-person="${person}"]`) as HTMLElement);
const callsTo = (server: ReturnType<typeof serve>, path: string) => server.calls.filter((c) => c.method === "GET" && c.path.split("?")[0] === path).length;

/** A frame, and a moment for the cache to cancel a read in flight and take it (or not). */
async function deliver(frame: Parameters<typeof fakeRealtime.deliver<"TREASURE_HUNT_RANKING_NOTIFY">>[1]) {
  await act(async () => {
    fakeRealtime.deliver("TREASURE_HUNT_RANKING_NOTIFY", frame);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

beforeEach(async () => {
  await initI18n("en");
  fakeRealtime.reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the leaderboard sidebar", { timeout: 20_000 }, () => {
  it("shows the main hunt's top rows with pictures and names, hidden players, and the caller's rank pinned under them", async () => {
    const server = serve();
    renderBoard();
    expect(screen.getByRole("status")).toHaveTextContent("Loading the leaderboard…");
    const table = await board();
    expect(server.calls.find((c) => c.path.startsWith(`${HUNTS}/${MAIN}/rankings`))?.path).toBe(`${HUNTS}/${MAIN}/rankings?Limit=10`);
    expect(rowOf(BOB).getByText("Bob Builder")).toBeInTheDocument();
    expect(rowOf(BOB).getByRole("presentation")).toHaveAttribute("src", "https://cdn.example.org/bob.png");
    expect(rowOf(BOB).getByText("90 points")).toBeInTheDocument();
    expect(rowOf(CARA).getByText("Hidden player")).toBeInTheDocument();
    expect(rowOf(CARA).queryByRole("presentation")).toBeNull();
    const pinned = table.querySelector('tr[data-pinned="true"]') as HTMLElement;
    expect(pinned).toHaveTextContent("14");
    expect(pinned).toHaveTextContent("You");
    expect(pinned).toHaveTextContent("20 points");
    expect(await screen.findByText("Items found: 1 of 3")).toBeInTheDocument();
    // Clues of the items still to find only.
    const clues = await screen.findByRole("region", { name: "Clues to the items you have not found yet" });
    expect(within(clues).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Look up in the lobby"]);
  });

  it("does not pin the caller who is in the top, and says who is not ranked yet", async () => {
    serve({ rows: [bob, row(2, ME, { FullName: "Ada Lovelace", Score: 50 })], me: mine({ Rank: 2, Score: 50 }) });
    renderBoard();
    const table = await board();
    expect(rowOf(ME).getByText("You")).toBeInTheDocument();
    await screen.findByText("Items found: 0 of 3");
    expect(table.querySelector('tr[data-pinned="true"]')).toBeNull();
  });

  it("invites to play while nobody has found anything, and names the caller not ranked", async () => {
    serve({ rows: [], me: mine() });
    renderBoard();
    expect(await screen.findByText("Nobody has found anything yet. Be the first!")).toBeInTheDocument();
    expect(await screen.findByText("You are not on the board yet: find a hidden item to join it.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("offers a picker when the event has several hunts, and reads the one chosen", async () => {
    const server = serve();
    renderBoard();
    await board();
    const picker = screen.getByRole("combobox", { name: "Treasure hunt" });
    expect(picker).toHaveValue(MAIN);
    await userEvent.selectOptions(picker, SIDE);
    expect(await screen.findByRole("table", { name: "Top players of “Coffee hunt”" })).toBeInTheDocument();
    expect(callsTo(server, `${HUNTS}/${SIDE}/rankings`)).toBe(1);
    expect(screen.getByText("Cara Clark")).toBeInTheDocument();
  });

  it("has no picker for a single hunt, and says when it is not open", async () => {
    serve({ hunts: [hunt(MAIN, { IsMain: true, Title: "Find the hidden stars", IsOpen: false })] });
    renderBoard();
    await board();
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.getByText("This hunt is not open at the moment.")).toBeInTheDocument();
  });

  it("says when the event has no hunt, and when the board cannot be read", async () => {
    serve({ hunts: [] });
    const { unmount } = renderBoard();
    expect(await screen.findByText("There is no treasure hunt in this event.")).toBeInTheDocument();
    unmount();
    const server = serve();
    server.routes[`GET ${HUNTS}/${MAIN}/rankings`] = refused(500, "INTERNAL_ERROR");
    renderBoard();
    expect(await screen.findByRole("alert")).toHaveTextContent("The leaderboard could not be loaded.");
  });

  it("hides the caller's name with the switch, and says a refusal", async () => {
    const server = serve();
    renderBoard();
    await board();
    const toggle = await screen.findByRole("switch", { name: "Hide my name" });
    expect(toggle).not.toBeChecked();
    server.routes[`PUT ${HUNTS}/${MAIN}/me`] = (_url, body) => ({ status: 200, body: mine({ Rank: 14, Score: 20, Found: 1, Hidden: (body as { Hidden: boolean }).Hidden }) });
    const before = callsTo(server, `${HUNTS}/${MAIN}/rankings`);
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(server.calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{ Hidden: true }]);
    expect(await screen.findByText("You (name hidden)")).toBeInTheDocument();
    await waitFor(() => expect(callsTo(server, `${HUNTS}/${MAIN}/rankings`)).toBe(before + 1));

    server.routes[`PUT ${HUNTS}/${MAIN}/me`] = refused(503, "SERVER_BUSY");
    await userEvent.click(toggle);
    expect(await screen.findByRole("alert")).toHaveTextContent(/^Your choice could not be saved\./);
    expect(toggle).toBeChecked();
  });

  it("takes the top from newer ranking frames only, and rereads the caller's own rank once after a burst", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0); // the shortest wait: 1 s
    const server = serve();
    renderBoard();
    await board();
    await screen.findByText("Items found: 1 of 3");
    const mes = callsTo(server, `${HUNTS}/${MAIN}/me`);

    const top = [row(1, ME, { FullName: "", Score: 120 }), row(2, BOB, { FullName: "Bob Builder", Score: 90 })];
    await deliver({ EventID: EVENT, HuntID: MAIN, Top: top, Ranked: 3, Version: 5000 });
    await waitFor(() => expect(rowOf(ME).getByText("You")).toBeInTheDocument());
    expect(rowOf(ME).getByText("120 points")).toBeInTheDocument();
    expect(document.querySelector('tr[data-pinned="true"]')).toBeNull();
    expect(screen.queryByText("Hidden player")).toBeNull();

    // An older frame (another server process) and another event's frame change nothing.
    await deliver({ EventID: EVENT, HuntID: MAIN, Top: [cara], Ranked: 3, Version: 4000 });
    await deliver({ EventID: "6650a1b2c3d4e5f60123ffff", HuntID: MAIN, Top: [cara], Ranked: 3, Version: 9000 });
    expect(rowOf(ME).getByText("120 points")).toBeInTheDocument();
    expect(screen.queryByText("Hidden player")).toBeNull();

    // The own rank is read again once for the burst, after the wait; never the whole board.
    await waitFor(() => expect(callsTo(server, `${HUNTS}/${MAIN}/me`)).toBe(mes + 1), { timeout: 3000 });
    expect(callsTo(server, `${HUNTS}/${MAIN}/rankings`)).toBe(1);
  });

  it("reads everything again when the socket reopens", async () => {
    const server = serve();
    renderBoard();
    await board();
    const before = callsTo(server, HUNTS);
    act(() => {
      fakeRealtime.setState("closed");
      fakeRealtime.setState("open");
    });
    await waitFor(() => expect(callsTo(server, HUNTS)).toBe(before + 1));
    await waitFor(() => expect(callsTo(server, `${HUNTS}/${MAIN}/rankings`)).toBe(2));
  });

  it("axe finds nothing serious", async () => {
    serve();
    const { container } = renderBoard();
    await board();
    await screen.findByRole("region", { name: /^Clues/ });
    const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });
});

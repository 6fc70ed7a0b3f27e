import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNotifications } from "@/features/notifications";
import { initI18n } from "@/lib/i18n";
import RoomItems, { type RoomItemsProps } from "./RoomItems";
import { EVENT, hunt, HUNTS, item, MAIN, refused, routeServer, SIDE } from "./testing";

type Layer = Parameters<RoomItemsProps["onChange"]>[0];

const toasts = () => useNotifications.getState().items.map((n) => [n.type, n.text]);
const star = item("i1", { Name: "Golden star", Yaw: 42, Pitch: -8 });

function serve() {
  return routeServer({
    [`GET ${HUNTS}`]: {
      status: 200,
      body: [hunt(MAIN, { IsMain: true }), hunt(SIDE, { DateBegin: "2020-01-01T10:00:00Z", DateEnd: "2020-01-01T12:00:00Z" })],
    },
    [`GET ${HUNTS}/${MAIN}/items`]: { status: 200, body: [star, item("i2", { Name: "Old lamp", Found: true }), item("i3", { NodeID: "hall" })] },
    [`GET ${HUNTS}/${SIDE}/items`]: { status: 200, body: [item("s1", { HuntID: SIDE })] },
  });
}

/** The room's view of the hunt: every report, the latest last. */
function renderRoom() {
  const reports: Layer[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  render(
    <QueryClientProvider client={client}>
      <RoomItems eventID={EVENT} nodeID="lobby" onChange={(layer) => reports.push(layer)} />
    </QueryClientProvider>,
  );
  const latest = () => reports[reports.length - 1] as Layer;
  return { latest, ready: () => waitFor(() => expect(latest()?.items.length).toBe(2)) };
}

const finds = (server: ReturnType<typeof serve>) => server.calls.filter((c) => c.method === "POST").map((c) => c.path);

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
});
afterEach(() => vi.unstubAllGlobals());

describe("the hunt's items in a room", { timeout: 20_000 }, () => {
  it("reports the node's items of the hunts open now, found ones as found; a closed hunt's are not even read", async () => {
    const server = serve();
    const room = renderRoom();
    await room.ready();
    expect(room.latest().nodeID).toBe("lobby");
    expect(room.latest().items).toEqual([
      { id: "i1", yaw: 42, pitch: -8, found: false, label: "Hidden item: Golden star" },
      { id: "i2", yaw: 30, pitch: -5, found: true, label: "Found: Old lamp" },
    ]);
    expect(server.calls.some((c) => c.path.startsWith(`${HUNTS}/${SIDE}/items`))).toBe(false);
  });

  it("finds an item once, however often it is activated, says the points and rank, and marks it found", async () => {
    const server = serve();
    server.routes[`POST ${HUNTS}/${MAIN}/items/i1/find`] = { status: 201, body: { ItemID: "i1", Points: 20, Score: 30, Found: 2, Rank: 3 } };
    const room = renderRoom();
    await room.ready();
    act(() => {
      room.latest().activate("i1");
      room.latest().activate("i1");
    });
    await waitFor(() => expect(room.latest().items[0]?.found).toBe(true));
    expect(room.latest().items[0]?.label).toBe("Found: Golden star");
    expect(finds(server)).toEqual([`${HUNTS}/${MAIN}/items/i1/find`]);
    expect(toasts()).toEqual([["success", "+20 points · you are #3"]]);
    // A found item is not found again.
    act(() => room.latest().activate("i1"));
    expect(finds(server)).toHaveLength(1);
  });

  it("takes a second find (another tab was quicker) as found, without an error", async () => {
    const server = serve();
    server.routes[`POST ${HUNTS}/${MAIN}/items/i1/find`] = refused(409, "TREASURE_ITEM_ALREADY_FOUND", { ItemID: "i1" });
    const room = renderRoom();
    await room.ready();
    act(() => room.latest().activate("i1"));
    await waitFor(() => expect(room.latest().items[0]?.found).toBe(true));
    expect(toasts()).toEqual([]);
  });

  it("says when the hunt closed or the item was taken away, and any other refusal", async () => {
    const server = serve();
    const find = `POST ${HUNTS}/${MAIN}/items/i1/find`;
    const room = renderRoom();
    await room.ready();

    server.routes[find] = refused(409, "TREASURE_HUNT_CLOSED");
    act(() => room.latest().activate("i1"));
    await waitFor(() => expect(toasts()).toEqual([["warn", "This treasure hunt is closed: finds are not counted now."]]));
    expect(room.latest().items[0]?.found).toBe(false);

    const itemReads = () => server.calls.filter((c) => c.path.startsWith(`${HUNTS}/${MAIN}/items`) && c.method === "GET").length;
    const before = itemReads();
    server.routes[find] = refused(404, "TREASURE_ITEM_NOT_FOUND");
    act(() => room.latest().activate("i1"));
    await waitFor(() => expect(toasts()[1]).toEqual(["warn", "This item is no longer hidden here."]));
    await waitFor(() => expect(itemReads()).toBe(before + 1));

    server.routes[find] = "offline";
    act(() => room.latest().activate("i1"));
    await waitFor(() => expect(toasts()[2]?.[0]).toBe("error"));
    expect(toasts()[2]?.[1]).toMatch(/^The item could not be collected\. /);
  });
});

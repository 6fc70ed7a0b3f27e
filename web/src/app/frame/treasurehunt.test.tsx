import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "@/features/accounts";
import { type PublicEvent, useEventStore } from "@/features/events";
import { useNotifications } from "@/features/notifications";
import { EVENT, hunt, HUNTS, item, MAIN, ME, mine, routeServer, row } from "@/features/treasurehunt/testing";
import type { ViewerMarker } from "@/features/venue/PanoramaViewer";
import { fixtureTour } from "@/features/venue/test/fixture-tour";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { resetLayout, useLayout } from "./layout-store";
import { RoomRoute } from "./pages";
import { RightSidebar } from "./Sidebars";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

// The viewer needs WebGL; here it records the markers the room hands it and lets a test click one.
const viewer = vi.hoisted(() => ({ markers: [] as ViewerMarker[], click: null as ((m: ViewerMarker) => void) | null }));
vi.mock("@/features/venue/PanoramaViewer", () => ({
  PanoramaViewer: (props: { markers: ViewerMarker[]; onMarker: (m: ViewerMarker) => void }) => {
    viewer.markers = props.markers;
    viewer.click = props.onMarker;
    return <div data-testid="viewer" />;
  },
}));

const PANO = "/tours/p/1/";
const treasures = () => viewer.markers.filter((m) => m.kind === "treasure");

function renderFrame(ui: ReactNode, path = "/lobby") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/:room" element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function serve() {
  return routeServer({
    [`GET ${PANO}tour.json`]: { status: 200, body: fixtureTour },
    [`GET ${HUNTS}`]: { status: 200, body: [hunt(MAIN, { IsMain: true, Title: "Find the hidden stars" })] },
    [`GET ${HUNTS}/${MAIN}/items`]: {
      status: 200,
      body: [item("i1", { Name: "Golden star", Yaw: 42 }), item("i2", { Name: "Old lamp", Yaw: -70 }), item("i3", { Name: "Stage light", NodeID: "auditorium" })],
    },
    [`POST ${HUNTS}/${MAIN}/items/i1/find`]: { status: 201, body: { ItemID: "i1", Points: 20, Score: 20, Found: 1, Rank: 4 } },
    [`POST ${HUNTS}/${MAIN}/items/i2/find`]: { status: 201, body: { ItemID: "i2", Points: 10, Score: 30, Found: 2, Rank: 3 } },
    [`GET ${HUNTS}/${MAIN}/rankings`]: { status: 200, body: [row(1, "6650a1b2c3d4e5f6000000b2", { FullName: "Bob Builder" })] },
    [`GET ${HUNTS}/${MAIN}/me`]: { status: 200, body: mine() },
  });
}

beforeEach(async () => {
  await initI18n("en");
  resetLayout();
  fakeRealtime.reset();
  useNotifications.setState({ items: [] });
  viewer.markers = [];
  useEventStore.setState({ publicEvent: { EventID: EVENT, InternalName: "demo", Title: "Demo", PanoURL: PANO, Navigation: [] } as unknown as PublicEvent });
  useSession.setState({ claims: { eventId: EVENT, personId: ME } });
  vi.spyOn(console, "warn").mockImplementation(() => undefined); // the fixture has no pano.xml
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSession.setState({ claims: null });
});

describe("the treasure hunt in the venue", { timeout: 20_000 }, () => {
  it("draws the room's hidden items as markers and offers them in the keyboard list; a found one turns found and leaves the list", async () => {
    const server = serve();
    renderFrame(<RoomRoute />);
    const ways = await screen.findByRole("navigation", { name: "Ways out of this room" });
    const entry = await within(ways).findByRole("button", { name: "Hidden item: Golden star" });
    expect(within(ways).getByRole("button", { name: "Hidden item: Old lamp" })).toBeInTheDocument();
    // Another room's item is not here.
    expect(within(ways).queryByRole("button", { name: /Stage light/ })).toBeNull();
    expect(treasures().map((m) => [m.label, m.yaw, m.found])).toEqual([
      ["Hidden item: Golden star", 42, false],
      ["Hidden item: Old lamp", -70, false],
    ]);

    // Playable without a pointer: the entry finds it, the toast says points and rank.
    await userEvent.click(entry);
    await waitFor(() => expect(within(ways).queryByRole("button", { name: "Hidden item: Golden star" })).toBeNull());
    expect(server.calls.filter((c) => c.method === "POST").map((c) => c.path)).toEqual([`${HUNTS}/${MAIN}/items/i1/find`]);
    expect(useNotifications.getState().items.map((n) => n.text)).toEqual(["+20 points · you are #4"]);
    expect(treasures()[0]).toMatchObject({ label: "Found: Golden star", found: true });
    expect(treasures()[0]?.width).toBeLessThan(treasures()[1]?.width ?? 0);
    // The focus stays in the list, on the entry that took the found one's place.
    await waitFor(() => expect(within(ways).getByRole("button", { name: "Hidden item: Old lamp" })).toHaveFocus());
  });

  it("finds an item whose marker is clicked, and ignores a click on a found one", async () => {
    const server = serve();
    renderFrame(<RoomRoute />);
    await screen.findByRole("button", { name: "Hidden item: Old lamp" });
    await waitFor(() => expect(treasures()).toHaveLength(2));
    const lamp = treasures()[1] as ViewerMarker;
    act(() => viewer.click?.(lamp));
    await waitFor(() => expect(treasures()[1]?.found).toBe(true));
    act(() => viewer.click?.(treasures()[1] as ViewerMarker));
    expect(server.calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("shows no hidden items while no hunt is open", async () => {
    const server = serve();
    server.routes[`GET ${HUNTS}`] = { status: 200, body: [hunt(MAIN, { DateEnd: "2020-01-01T00:00:00Z" })] };
    renderFrame(<RoomRoute />);
    await screen.findByRole("button", { name: "Go to Auditorium" });
    await waitFor(() => expect(server.calls.some((c) => c.path === HUNTS)).toBe(true));
    expect(screen.queryByRole("button", { name: /Hidden item/ })).toBeNull();
    expect(treasures()).toEqual([]);
  });

  it("puts the leaderboard in the right sidebar's leaderboard panel", async () => {
    serve();
    await act(() => useLayout.getState().openRight("leaderboard"));
    renderFrame(<RightSidebar />);
    const sidebar = screen.getByRole("complementary", { name: "Leaderboard" });
    expect(await within(sidebar).findByRole("table", { name: "Top players of “Find the hidden stars”" })).toBeInTheDocument();
    expect(within(sidebar).getByText("Bob Builder")).toBeInTheDocument();
  });
});

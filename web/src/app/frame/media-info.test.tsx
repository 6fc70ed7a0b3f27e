import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "@/features/accounts";
import { type PublicEvent, useEventStore } from "@/features/events";
import { type Session, useSessions } from "@/features/sessions";
import { fixtureTour } from "@/features/venue/test/fixture-tour";
import { initI18n } from "@/lib/i18n";
import { routeServer } from "@/test/route-server";
import { resetLayout, useLayout } from "./layout-store";
import { LeftSidebar } from "./Sidebars";

const PANO = "/tours/p/1/";
const NOW = Date.parse("2026-06-01T10:30:00Z");
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const session = (id: string, title: string, begin: number, end: number, extra: Partial<Session> = {}): Session => ({
  ID: id,
  InternalName: id,
  Title: title,
  ScreenID: "auditorium-screen",
  IsVirtual: true,
  NoAvtoPlay: false,
  ConferenceType: "None",
  DateBegin: at(begin),
  DateEnd: at(end),
  ...extra,
});

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LeftSidebar />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  await initI18n("en");
  resetLayout();
  useSession.setState({ claims: { eventId: "e1", personId: "p1" } });
  useEventStore.setState({ publicEvent: { EventID: "e1", InternalName: "demo", Title: "Demo", PanoURL: PANO, Navigation: [] } as unknown as PublicEvent });
  routeServer({ [`GET ${PANO}tour.json`]: { status: 200, body: fixtureTour } });
  vi.spyOn(console, "warn").mockImplementation(() => undefined); // the fixture has no pano.xml
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSessions.setState({ sessions: [] });
  useSession.setState({ claims: null });
});

describe("the media info panel", () => {
  it("lists what the room's screens show now and next, not other rooms' or ended or on-site sessions", async () => {
    useSessions.setState({
      sessions: [
        session("later", "Closing panel", 90, 150),
        session("ended", "Welcome", -120, -60),
        session("live", "Keynote", -30, 30),
        session("elsewhere", "Expo tour", 0, 60, { ScreenID: "expo-screen" }),
        session("onsite", "Hallway meetup", 40, 60, { IsVirtual: false }),
      ],
    });
    useLayout.setState({ room: "auditorium" });
    await act(() => useLayout.getState().openLeft("media_info"));
    renderPanel();
    const panel = screen.getByRole("complementary", { name: "Media info" });
    expect(await within(panel).findByRole("heading", { name: "Auditorium" })).toBeInTheDocument();
    const rows = [...panel.querySelectorAll("li[data-session]")];
    expect(rows.map((li) => li.getAttribute("data-session"))).toEqual(["live", "later"]);
    expect(rows[0]).toHaveTextContent("Keynote");
    expect(within(rows[0] as HTMLElement).getByText("Live")).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent("Closing panel");
    expect(within(rows[1] as HTMLElement).queryByText("Live")).toBeNull();
    vi.useRealTimers(); // axe measures with real timers
    const results = await axe.run(panel);
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  it("says when a room has no screens, when nothing more is on, and outside any room", async () => {
    useLayout.setState({ room: "lobby" });
    await act(() => useLayout.getState().openLeft("media_info"));
    const { unmount } = renderPanel();
    expect(await screen.findByText("This room has no screens.")).toBeInTheDocument();
    unmount();

    useSessions.setState({ sessions: [session("ended", "Welcome", -120, -60)] });
    useLayout.setState({ room: "auditorium" });
    const second = renderPanel();
    expect(await screen.findByText("Nothing more is scheduled on this room's screens.")).toBeInTheDocument();
    second.unmount();

    useLayout.setState({ room: null });
    renderPanel();
    expect(screen.getByText("Walk into a room to see what its screens show.")).toBeInTheDocument();
  });
});

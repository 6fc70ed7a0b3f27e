import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMemoryRouter, RouterProvider } from "react-router";
import { useEventStore, type PublicEvent } from "@/features/events";
import { useNotifications } from "@/features/notifications";
import { useSessions } from "@/features/sessions";
import { parseTour } from "@/features/venue/tour";
import { initI18n } from "@/lib/i18n";
import { resetLayout, useLayout } from "./layout-store";
import { MenuBar } from "./MenuBar";

const item = (over: Record<string, unknown>) => ({ Position: "Top", IsVisible: true, Index: 0, Name: "", Names: {}, Data: {}, ...over });

function renderMenu(path = "/lobby", position: "Top" | "Bottom" = "Top", tour: Parameters<typeof MenuBar>[0]["tour"] = null) {
  const router = createMemoryRouter([{ path: "*", element: <MenuBar position={position} tour={tour} /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const mediaList = () => screen.queryByRole("button", { name: "Replays" });

describe("MenuBar", () => {
  beforeEach(async () => {
    await initI18n("en");
    useEventStore.setState({
      publicEvent: {
        EventID: "e1",
        InternalName: "demo",
        Title: "Demo",
        Navigation: [
          item({ ID: "a", Index: 10, Name: "Lobby", Type: "Panorama", Data: { id: "lobby" } }),
          item({ ID: "b", Index: 30, Name: "Agenda", Type: "Module", IsSidebar: true, SidebarType: "Agenda", Data: { module: "agenda" } }),
          item({ ID: "c", Index: 20, Name: "Expo", Names: { en: "Expo Hall" }, Type: "Panorama", Data: { id: "expo", angle: 90 } }),
          item({ ID: "d", Index: 5, Name: "Secret", IsVisible: false, Type: "Panorama", Data: { id: "x" } }),
          item({ ID: "e", Index: 1, Name: "Bad addon", Type: "Addon", Data: { module: "Chat" } }),
        ],
      } as unknown as PublicEvent,
    });
  });
  afterEach(() => {
    resetLayout();
    useNotifications.setState({ items: [] });
  });

  it("shows visible items by Index descending with localized names; marks the current room", () => {
    renderMenu();
    const names = screen.getAllByRole("button").map((b) => b.textContent);
    expect(names).toEqual(["Agenda", "Expo Hall", "Lobby", "Bad addon"]);
    expect(screen.getByRole("button", { name: "Lobby" })).toHaveAttribute("aria-current", "page");
  });

  it("opens and toggles the sidebar; a panorama item changes the route and asks for its angle", async () => {
    const router = renderMenu();
    await userEvent.click(screen.getByRole("button", { name: "Agenda" }));
    expect(useLayout.getState().rightSidebar).toBe("agenda");
    await userEvent.click(screen.getByRole("button", { name: "Agenda" }));
    expect(useLayout.getState().rightSidebar).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Expo Hall" }));
    expect(router.state.location.pathname).toBe("/expo");
    expect(useLayout.getState().requestedYaw).toBe(90);
  });

  it("an item that cannot work says so instead of doing nothing", async () => {
    renderMenu();
    await userEvent.click(screen.getByRole("button", { name: "Bad addon" }));
    expect(useNotifications.getState().items.map((n) => n.text)).toContain("This menu item is not available.");
  });

  describe("media menu", () => {
    it("closes after choosing an entry that navigates, and the entry is the current frame", async () => {
      const router = renderMenu("/lobby", "Bottom");
      await userEvent.click(screen.getByRole("button", { name: "Media" }));
      await userEvent.click(screen.getByRole("button", { name: "Wall of Fame" }));
      await vi.waitFor(() => expect(router.state.location.pathname).toBe("/walloffame"));
      expect(mediaList()).toBeNull();
      expect(screen.getByRole("button", { name: "Media" })).toHaveAttribute("aria-expanded", "false");
      expect(useLayout.getState().mediaMenu).toEqual({ open: false, frame: "walloffame" });
    });

    it("closes after choosing a panel entry", async () => {
      renderMenu("/lobby", "Bottom");
      await userEvent.click(screen.getByRole("button", { name: "Media" }));
      await userEvent.click(screen.getByRole("button", { name: "Cinema" }));
      expect(mediaList()).toBeNull();
      expect(useLayout.getState().rightSidebar).toBe("cinema");
    });

    it("closes when the page changes while it is open", async () => {
      const router = renderMenu("/lobby", "Bottom");
      await userEvent.click(screen.getByRole("button", { name: "Media" }));
      expect(mediaList()).not.toBeNull();
      await act(() => router.navigate("/expo"));
      expect(mediaList()).toBeNull();
    });

    it("closes on Escape and on a click outside", async () => {
      renderMenu("/lobby", "Bottom");
      const toggle = screen.getByRole("button", { name: "Media" });
      await userEvent.click(toggle);
      await userEvent.keyboard("{Escape}");
      expect(mediaList()).toBeNull();
      expect(toggle).toHaveFocus();
      await userEvent.click(toggle);
      await userEvent.click(document.body);
      expect(mediaList()).toBeNull();
    });
  });
});

describe("MenuBar and the schedule", () => {
  const NOW = Date.parse("2026-05-12T10:00:00Z");
  const tour = parseTour({
    FormatVersion: 1,
    StartNodeID: "lobby",
    Nodes: [
      { ID: "lobby", Panorama: "images/lobby.jpg" },
      { ID: "expo", Panorama: "images/expo.jpg", Screens: [{ ScreenID: "expo-screen", Yaw: 0, Pitch: 0 }] },
    ],
  });
  const talk = { ID: "s1", InternalName: "talk", Title: "Opening talk", ScreenID: "expo-screen", IsVirtual: true, NoAvtoPlay: false, ConferenceType: "None" as const };

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(NOW);
    await initI18n("en");
    useEventStore.setState({
      publicEvent: {
        EventID: "e1",
        InternalName: "demo",
        Title: "Demo",
        Navigation: [item({ ID: "c", Index: 20, Name: "Expo", Type: "Panorama", Data: { id: "expo" } })],
      } as unknown as PublicEvent,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    useSessions.setState({ sessions: [] });
  });

  it("says when the room's next session starts, then that it is live, as the clock moves", () => {
    useSessions.setState({
      sessions: [{ ...talk, DateBegin: new Date(NOW + 10 * 60_000).toISOString(), DateEnd: new Date(NOW + 70 * 60_000).toISOString() }],
    });
    renderMenu("/lobby", "Top", tour);
    expect(screen.getByRole("button", { name: /Expo/ })).toHaveTextContent("ExpoIn 10 min");
    expect(screen.getByText("In 10 min")).toHaveAttribute("title", "Starts in 10 min: Opening talk");
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(screen.getByRole("button", { name: /Expo/ })).toHaveTextContent("ExpoLive");
  });

  it("follows a pushed change of the session: moved later, it leaves the horizon", () => {
    useSessions.setState({
      sessions: [{ ...talk, DateBegin: new Date(NOW + 5 * 60_000).toISOString(), DateEnd: new Date(NOW + 60 * 60_000).toISOString() }],
    });
    renderMenu("/lobby", "Top", tour);
    expect(screen.getByText("In 5 min")).toBeInTheDocument();
    act(() =>
      useSessions.getState().applyPush({ ...talk, DateBegin: new Date(NOW + 3 * 3600_000).toISOString(), DateEnd: new Date(NOW + 4 * 3600_000).toISOString() }),
    );
    expect(screen.getByRole("button", { name: "Expo" })).toHaveTextContent(/^Expo$/);
  });
});

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "@/features/accounts";
import { resetPresence } from "@/features/breakouts/presence";
import { EVENT, ME, presence, room } from "@/features/breakouts/testing";
import { useEventStore, type PublicEvent } from "@/features/events";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { BreakoutStatusLine } from "./breakouts";
import { resetLayout, useLayout } from "./layout-store";
import { RightSidebar } from "./Sidebars";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

function renderFrame(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

beforeEach(async () => {
  await initI18n("en");
  resetLayout();
  resetPresence();
  fakeRealtime.reset();
  useEventStore.setState({ publicEvent: { EventID: EVENT, InternalName: "demo", Title: "Demo", Navigation: [] } as unknown as PublicEvent });
  useSession.setState({ claims: { eventId: EVENT, personId: ME } });
  const rooms = [room("r1", { Title: "Garden" })];
  vi.stubGlobal("fetch", vi.fn(() => Promise.resolve(new Response(JSON.stringify(rooms), { status: 200 }))));
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ claims: null });
});

describe("the breakoutroom slider page", () => {
  it("shows the rooms in the right sidebar, and opening it again keeps it open", async () => {
    await act(() => useLayout.getState().openRight("breakoutroom"));
    renderFrame(<RightSidebar />);
    const sidebar = screen.getByRole("complementary", { name: "Breakout rooms" });
    expect(await within(sidebar).findByRole("article", { name: "Garden" })).toBeInTheDocument();
    await act(() => useLayout.getState().openRight("breakoutroom"));
    expect(screen.getByRole("complementary", { name: "Breakout rooms" })).toBeInTheDocument();
  });

  it("while hidden, the status line names the room the person is in and shows it again", async () => {
    await act(() => useLayout.getState().openRight("breakoutroom"));
    renderFrame(
      <>
        <BreakoutStatusLine />
        <RightSidebar />
      </>,
    );
    const sidebar = screen.getByRole("complementary", { name: "Breakout rooms" });
    await userEvent.click(await within(sidebar).findByRole("button", { name: "Join “Garden”" }));
    const [sent] = fakeRealtime.sentOf("BREAKOUT_JOIN");
    act(() => fakeRealtime.deliver("BREAKOUT_PRESENCE_NOTIFY", presence("r1", { TmpID: sent?.TmpID ?? "" })));
    await within(sidebar).findByRole("heading", { name: "You are in “Garden”" });
    // The view is on screen: the status line keeps quiet.
    expect(screen.queryByRole("region", { name: "Your breakout room" })).toBeNull();

    // The chat opened over it: the line says where the person is.
    await act(() => useLayout.getState().openRight("chat"));
    const line = await screen.findByRole("region", { name: "Your breakout room" });
    expect(line).toHaveTextContent("You are in the breakout room “Garden”.");
    await userEvent.click(within(line).getByRole("button", { name: "Show the room" }));
    await waitFor(() => expect(useLayout.getState().rightSidebar).toBe("breakoutroom"));
  });

  it("tells a person whose room an organizer closed while the view was hidden", async () => {
    renderFrame(<BreakoutStatusLine />);
    // Joined in another tab (no room names known here), then the room closed.
    act(() => fakeRealtime.deliver("BREAKOUT_PRESENCE_NOTIFY", presence("r1", { TmpID: "earlier" })));
    act(() => fakeRealtime.deliver("BREAKOUT_PRESENCE_NOTIFY", presence(null, { Reason: "closed", FromRoomID: "r1" })));
    expect(await screen.findByRole("status")).toHaveTextContent("The organizers closed “a breakout room”. You are back in the list of rooms.");
    expect(screen.queryByRole("region", { name: "Your breakout room" })).toBeNull();
  });
});

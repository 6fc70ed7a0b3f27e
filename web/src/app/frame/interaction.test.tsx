import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useEventStore, type PublicEvent } from "@/features/events";
import { useSessions } from "@/features/sessions";
import { parseTour } from "@/features/venue/tour";
import { fixtureTour } from "@/features/venue/test/fixture-tour";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { PollNotices } from "./interaction";
import { resetLayout, useLayout } from "./layout-store";
import { LeftSidebar, useLeftResizes } from "./Sidebars";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

const PANO = "/tours/t1/1/";

function renderWithTour(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(["venue", "tour", PANO], { tour: parseTour(fixtureTour), xmlDefaults: new Map() });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function Resizes() {
  return <p data-testid="resizes">{String(useLeftResizes())}</p>;
}

beforeEach(async () => {
  await initI18n("en");
  resetLayout();
  useEventStore.setState({ publicEvent: { EventID: "e1", InternalName: "demo", Title: "Demo", PanoURL: PANO, Navigation: [] } as unknown as PublicEvent });
  // The attendee is in the auditorium, where the keynote plays on the room's screen.
  useLayout.setState({ room: "auditorium" });
  useSessions.setState({ running: { "auditorium-screen": "keynote" } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessions.setState({ running: {} });
});

describe("the poll panel in the left sidebar", () => {
  it("lists the polls of the room the attendee is in and of the session playing there, and takes room from the venue", async () => {
    const fetch = vi.fn<(input: RequestInfo | URL) => Promise<Response>>(() => Promise.resolve(new Response("[]", { status: 200 })));
    vi.stubGlobal("fetch", fetch);
    useLayout.setState({ leftSidebar: "poll" });
    renderWithTour(
      <>
        <LeftSidebar />
        <Resizes />
      </>,
    );
    const sidebar = screen.getByRole("complementary", { name: "Poll" });
    expect(await within(sidebar).findByText(/There is no poll here right now/)).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/v1/events/e1/polls?Node=auditorium&SessionID=keynote");
    expect(screen.getByTestId("resizes")).toHaveTextContent("true");
  });
});

describe("the 'a poll has opened' notice in the venue", () => {
  it("opens the poll panel on Vote, and stays quiet while it is open", async () => {
    renderWithTour(<PollNotices />);
    const poll = {
      ID: "p1",
      EventID: "e1",
      Question: "Which topic first?",
      Options: [
        { ID: "a", Text: "A" },
        { ID: "b", Text: "B" },
      ],
      Multiple: false,
      AllowOther: false,
      AllowChange: true,
      Results: "live" as const,
      State: "open" as const,
      OpensAt: null,
      ClosesAt: null,
      PanoNodeID: "auditorium",
      SessionID: null,
      Deleted: false,
    };
    const region = await screen.findByRole("status", { name: "New polls" });
    act(() => fakeRealtime.deliver("POLL_NOTIFY", poll));
    await userEvent.click(within(region).getByRole("button", { name: "Vote" }));
    await vi.waitFor(() => expect(useLayout.getState().leftSidebar).toBe("poll"));

    // Closed and opened again while the panel is shown: no notice (the poll is on screen).
    act(() => fakeRealtime.deliver("POLL_NOTIFY", { ...poll, State: "closed" }));
    act(() => fakeRealtime.deliver("POLL_NOTIFY", poll));
    expect(within(region).queryByRole("button", { name: "Vote" })).toBeNull();

    // The panel closed: the next opening tells again.
    act(() => useLayout.setState({ leftSidebar: null }));
    act(() => fakeRealtime.deliver("POLL_NOTIFY", { ...poll, ID: "p2", Question: "Second?" }));
    expect(region).toHaveTextContent("Second?");
  });
});

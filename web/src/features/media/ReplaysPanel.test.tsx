import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { usePersonStore } from "@/features/accounts";
import { initI18n } from "@/lib/i18n";
import { ReplaysPanel } from "./ReplaysPanel";
import { fakeFetch, replay } from "./testing";

const REPLAYS = "/api/v1/events/e1/replays";
const AGENDA = "/api/v1/events/e1/lists/agenda";

function renderPanel(panel: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{panel}</QueryClientProvider>);
}

const welcome = replay("welcome", 1, "2026-03-28", "2026-03-28T09:00:00Z", "2026-03-28T10:00:00Z");
const panel = replay("panel", 2, "2026-03-29", "2026-03-29T08:00:00Z", "2026-03-29T09:30:00Z");
const closing = replay("closing", 2, "2026-03-29", "2026-03-29T15:00:00Z", "2026-03-29T16:00:00Z");

const agenda = (url: URL) => {
  const day = url.searchParams.get("DayNumber");
  if (day === "1") return { status: 200, body: [{ ID: "welcome", Speakers: [{ ID: "sp1", FullName: "Ada Lovelace" }, { ID: "sp2", FirstName: "Grace", LastName: "Hopper" }] }] };
  return { status: 200, body: [{ ID: "panel", Speakers: [] }] };
};

beforeEach(async () => {
  await initI18n("en");
  // GMT+2, chosen: the times are the attendee's (§9), whatever zone the test machine has.
  usePersonStore.setState({ person: { ID: "p", FirstName: "Ada", LastName: "L", TimezoneName: "GMT+2", TimezoneShift: 2 } });
  vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  usePersonStore.setState({ person: null });
});

describe("the replays", () => {
  it("are grouped by event day, labelled with its number and its date as DD.MM.YYYY", async () => {
    const { calls } = fakeFetch({ [REPLAYS]: { status: 200, body: [welcome, panel, closing] }, [AGENDA]: agenda });
    renderPanel(<ReplaysPanel eventID="e1" />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading the replays…");

    const day1 = await screen.findByRole("region", { name: "Day 1 · 28.03.2026" });
    const day2 = screen.getByRole("region", { name: "Day 2 · 29.03.2026" });
    // Each is named by the title it shows (WCAG 2.5.3); times and speakers are its description.
    expect(within(day1).getAllByRole("button", { name: "Session welcome" })).toHaveLength(1);
    expect(within(day2).getAllByRole("button").map((b) => b.querySelector(".media-card__title")?.textContent)).toEqual(["Session panel", "Session closing"]);
    // Each with its times in the attendee's zone and its speakers from that day's agenda.
    const first = within(day1).getByRole("button");
    expect(first).toHaveTextContent("11:00 AM – 12:00 PM");
    expect(await within(day1).findByText("With Ada Lovelace, Grace Hopper")).toBeInTheDocument();
    expect(first).toHaveAccessibleDescription("11:00 AM – 12:00 PM With Ada Lovelace, Grace Hopper");
    expect(calls).toContain("/api/v1/events/e1/replays");
    expect(calls).toContain("/api/v1/events/e1/lists/agenda?DayNumber=1");
    expect(calls).toContain("/api/v1/events/e1/lists/agenda?DayNumber=2");
  });

  it("play the recording chosen", async () => {
    fakeFetch({ [REPLAYS]: { status: 200, body: [welcome] }, [AGENDA]: agenda });
    renderPanel(<ReplaysPanel eventID="e1" />);
    await userEvent.click(await screen.findByRole("button", { name: "Session welcome" }));
    const player = screen.getByRole("region", { name: "Video: Video rec-welcome" });
    expect(player.querySelector("video")?.getAttribute("src")).toBe("/api/v1/files/rec-welcome");
    await userEvent.click(screen.getByRole("button", { name: "Close the replay" }));
    expect(player).not.toBeInTheDocument();
  });

  it("tell an organizer which recordings attendees do not see yet", async () => {
    fakeFetch({ [REPLAYS]: { status: 200, body: [{ ...closing, IsEnded: false }] }, [AGENDA]: agenda });
    renderPanel(<ReplaysPanel eventID="e1" />);
    expect(await screen.findByText("Attendees see this replay once the session has ended.")).toBeInTheDocument();
  });

  it("say when there are none yet, and when they cannot be read", async () => {
    fakeFetch({ [REPLAYS]: { status: 200, body: [] } });
    const { unmount } = renderPanel(<ReplaysPanel eventID="e1" />);
    expect(await screen.findByText(/No replays yet/)).toBeInTheDocument();
    unmount();

    fakeFetch({ [REPLAYS]: { status: 500, body: { Error: { Code: "INTERNAL" } } } });
    renderPanel(<ReplaysPanel eventID="e1" />);
    expect(await screen.findByRole("alert")).toHaveTextContent("The replays could not be loaded.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("are read again when a session this client knows ends", async () => {
    let answers = [welcome];
    const { calls } = fakeFetch({ [REPLAYS]: () => ({ status: 200, body: answers }), [AGENDA]: agenda });
    const endsSoon = new Date(Date.now() + 60).toISOString();
    const past = "2026-01-01T00:00:00Z";
    renderPanel(<ReplaysPanel eventID="e1" sessions={[{ DateEnd: past }, { DateEnd: endsSoon }]} random={() => 0} />);
    await screen.findByRole("button", { name: "Session welcome" });
    answers = [welcome, panel];
    expect(await screen.findByRole("button", { name: "Session panel" }, { timeout: 2000 })).toBeInTheDocument();
    expect(calls.filter((c) => c === "/api/v1/events/e1/replays")).toHaveLength(2);
  });

  it("write the day in every language", async () => {
    await initI18n("fr");
    fakeFetch({ [REPLAYS]: { status: 200, body: [panel] }, [AGENDA]: agenda });
    renderPanel(<ReplaysPanel eventID="e1" />);
    expect(await screen.findByRole("region", { name: "Jour 2 · 29.03.2026" })).toBeInTheDocument();
  });
});

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type PublicEvent, useEventStore } from "@/features/events";
import { type Session, useSessions } from "@/features/sessions";
import { initI18n } from "@/lib/i18n";
import { resetLayout } from "./layout-store";
import { AuditoriumRoute } from "./pages";

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const talk = (id: string, title: string, begin: number, end: number): Session => ({
  ID: id,
  InternalName: id,
  Title: title,
  ScreenID: "stage",
  IsVirtual: true,
  NoAvtoPlay: false,
  ConferenceType: "None",
  DateBegin: at(begin),
  DateEnd: at(end),
});

beforeEach(async () => {
  await initI18n("en");
  resetLayout();
  // An event without a tour: /auditorium cannot be a room, so it is the module's page.
  useEventStore.setState({ publicEvent: { EventID: "e1", InternalName: "demo", Title: "Demo", Navigation: [] } as unknown as PublicEvent });
});
afterEach(() => useSessions.setState({ sessions: [], listState: "loading" }));

describe("the /auditorium page of an event without such a room", () => {
  it("shows what is live and what starts next, not a placeholder", async () => {
    useSessions.getState().setSessions([talk("later", "Closing panel", 60, 120), talk("live", "Keynote", -10, 50), talk("done", "Welcome", -90, -30)]);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <AuditoriumRoute />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Auditorium" })).toBeInTheDocument();
    const live = screen.getByRole("region", { name: "Live now" });
    expect(within(live).getByRole("heading", { name: "Keynote" })).toBeInTheDocument();
    const next = screen.getByRole("region", { name: "Starting next" });
    expect(within(next).getByRole("heading", { name: "Closing panel" })).toBeInTheDocument();
    expect(screen.queryByText("Welcome")).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "@/features/accounts";
import { type PublicEvent, useEventStore } from "@/features/events";
import { EVENT, ME, project, serveWall } from "@/features/walloffame/testing";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { WallOfFameRoute } from "./pages";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

beforeEach(async () => {
  await initI18n("en");
  useEventStore.setState({ publicEvent: { EventID: EVENT, InternalName: "demo", Title: "Demo", Navigation: [] } as unknown as PublicEvent });
  useSession.setState({ claims: { eventId: EVENT, personId: ME } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ claims: null });
});

describe("the Wall of Fame in the venue", () => {
  it("is a page of its own at /walloffame, no longer “coming soon”", { timeout: 20_000 }, async () => {
    serveWall([project("a", { Title: "Solar kiosk" })]);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={["/walloffame"]}>
          <WallOfFameRoute />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole("heading", { name: "Wall of Fame", level: 1 })).toBeInTheDocument();
    // The page is a lazy chunk: its first load takes a moment.
    expect(await screen.findByRole("button", { name: "Solar kiosk" }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Submit a project" })).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/)).toBeNull();
  });
});

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "@/features/accounts";
import { type PublicEvent, useEventStore } from "@/features/events";
import { AGENT, BASE, chatMessage, EVENT, FakeNotification, ME, people, routeServer, setVisibility, ticket } from "@/features/helpdesk/testing";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { fakeRealtime } from "@/lib/realtime/testing";
import { HelpdeskAnswers } from "./helpdesk";
import { HelpdeskRoute } from "./pages";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));

function renderFrame(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await initI18n("en");
  fakeRealtime.reset();
  useEventStore.setState({ publicEvent: { EventID: EVENT, InternalName: "demo", Title: "Demo", Navigation: [] } as unknown as PublicEvent });
  useSession.setState({ claims: { eventId: EVENT, personId: ME } });
  routeServer({
    [`GET ${BASE}/helpdesk/me`]: { status: 200, body: { IsAgent: false } },
    [`GET ${BASE}/helpdesk/tickets/mine`]: { status: 200, body: [] },
  });
  FakeNotification.reset("granted");
  vi.stubGlobal("Notification", FakeNotification);
  setVisibility("hidden");
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ claims: null });
});

describe("the help desk in the venue", () => {
  it("is a page of its own at /helpdesk, no longer “coming soon”", async () => {
    renderFrame(<HelpdeskRoute />);
    expect(screen.getByRole("heading", { name: "Help desk", level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Ask the help desk" })).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/)).toBeNull();
  });

  it("announces answers on the desktop wherever the attendee is in the venue", async () => {
    renderFrame(<HelpdeskAnswers />);
    const own = ticket("t1", { Topic: "Wifi password", Assignee: people.agent, State: "waiting", LastMessageBy: "agent" });
    // The lazy notifier chunk is in place once a frame it listens to reaches it.
    await vi.waitFor(() => {
      act(() => fakeRealtime.deliver("HELPDESK_TICKET_NOTIFY", own));
      act(() => fakeRealtime.deliver("CHAT_MESSAGE_SEND_NOTIFY", chatMessage(1, AGENT, own.ChatroomID, "It is on your badge.")));
      expect(FakeNotification.shown).toHaveLength(1);
    });
    expect(FakeNotification.shown[0]).toEqual({ title: "Answer to “Wifi password”", options: expect.objectContaining({ body: "Bob Builder: It is on your badge." }) });
  });
});

import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { eventFixture, fakeServer, organizerAnswers, renderConsole, setUpConsole } from "@/app/console/test-utils";
import { SEARCH_DELAY_MS } from "./EventsListPage";

// The New event page's code arrives only when the test lets it: the navigation to it stays
// under way for as long as the test wants, as it does on a slow connection.
const chunk = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release() };
});

vi.mock("./EventCreatePage", async () => {
  await chunk.arrived;
  return { EventCreatePage: () => <h1>Create the event</h1> };
});

describe("events list, leaving while the search settles", () => {
  beforeEach(async () => {
    await setUpConsole(true);
  });

  it("does not pull the organizer back from New event clicked as a cleared search settles", async () => {
    const event = { ...eventFixture({ Title: "Spring Summit" }), CustomerName: "Demo Customer", MayDelete: true };
    fakeServer((call) => (call.url.pathname === "/api/v1/events/managed" ? { status: 200, body: [event] } : organizerAnswers(call)));
    const { router } = renderConsole("/");
    const user = userEvent.setup();
    const search = await screen.findByRole("searchbox", { name: "Search events" });
    await user.type(search, "spring");
    await waitFor(() => expect(router.state.location.search).toBe("?q=spring"));

    // Cleared, and New event clicked before the cleared search settles.
    fireEvent.change(search, { target: { value: "" } });
    await user.click(screen.getByRole("link", { name: "New event" }));
    expect(router.state.navigation.state).toBe("loading");
    // The search settles while the page's code is still on its way: the list must not write it
    // into the URL now, which would replace the navigation under way.
    await act(() => new Promise((resolve) => setTimeout(resolve, SEARCH_DELAY_MS * 2)));
    chunk.release();

    expect(await screen.findByRole("heading", { name: "Create the event" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/manage/events/new");
  });
});

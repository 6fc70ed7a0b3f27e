import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "@/features/accounts";
import { useNotifications } from "@/features/notifications";
import { AgendaPanel } from "./AgendaPanel";
import { fakeServer, renderInApp, resetVenue, setUpVenue, setZone } from "./testing";

const row = (id: string) => {
  const found = document.querySelector<HTMLElement>(`[data-session="${id}"]`);
  if (!found) throw new Error(`no row ${id}`);
  return found;
};
const findRow = (id: string) => waitFor(() => row(id));

describe("AgendaPanel", () => {
  beforeEach(() => {
    // Only Date is faked: the panel's clock and React's scheduling keep running in real time.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-02T18:30:00Z")); // 10:30 on 2 March in Los Angeles: day 2
  });
  const blobURLs = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  afterEach(() => {
    URL.createObjectURL = blobURLs.create;
    URL.revokeObjectURL = blobURLs.revoke;
    vi.unstubAllGlobals();
    vi.useRealTimers();
    resetVenue();
    useNotifications.setState({ items: [] });
    useSession.setState({ token: null });
  });

  it("tabs the event's local days, opens today's, and moves with the arrow keys", async () => {
    await setUpVenue({ shift: -8 });
    const server = fakeServer();
    const user = userEvent.setup();
    renderInApp(<AgendaPanel />);

    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Day 1 01.03.2026", "Day 2 02.03.2026", "Day 3 03.03.2026"]);
    const day2 = screen.getByRole("tab", { name: "Day 2 02.03.2026" });
    expect(day2).toHaveAttribute("aria-selected", "true");
    expect(day2).toHaveAttribute("tabindex", "0");
    expect(screen.getByRole("tab", { name: "Day 1 01.03.2026" })).toHaveAttribute("tabindex", "-1");
    expect(screen.getByRole("tabpanel")).toHaveAccessibleName("Day 2 02.03.2026");
    await findRow("s-workshop");
    expect(server.callsTo("GET", "/events/e1/lists/agenda").map((c) => c.query.get("DayNumber"))).toEqual(["2"]);

    // 23:00 on 1 March in Los Angeles (07:00 UTC on 2 March) is on day 1, shown without a date.
    day2.focus();
    await user.keyboard("{ArrowLeft}");
    const day1 = screen.getByRole("tab", { name: "Day 1 01.03.2026" });
    expect(day1).toHaveAttribute("aria-selected", "true");
    expect(day1).toHaveFocus();
    expect((await findRow("s-opening")).querySelector("time")?.textContent).toMatch(/^11:00\sPM – 12:00\sAM$/u);

    await user.keyboard("{ArrowLeft}"); // wraps to the last day
    expect(screen.getByRole("tab", { name: "Day 3 03.03.2026" })).toHaveFocus();
    await user.keyboard("{Home}");
    expect(screen.getByRole("tab", { name: "Day 1 01.03.2026" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{End}{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Day 1 01.03.2026" })).toHaveFocus();
    expect(server.callsTo("GET", "/events/e1/lists/agenda").map((c) => c.query.get("DayNumber"))).toEqual(["2", "1", "3"]);
  });

  it("shows times in the attendee's zone, says which, and follows a change of zone", async () => {
    await setUpVenue({ shift: 2 });
    fakeServer();
    renderInApp(<AgendaPanel />);
    const workshop = await findRow("s-workshop");
    expect(workshop.querySelector("time")?.textContent).toMatch(/^07:00\sPM – 08:00\sPM$/u);
    expect(screen.getByTestId("agenda-zone")).toHaveTextContent("Times are shown in GMT+2.");

    // GMT+9: 17:00 UTC is 02:00 on the next day, so the date is written out.
    act(() => setZone(9));
    expect(row("s-workshop").querySelector("time")?.textContent).toMatch(/^03\.03\.2026, 02:00\sAM – 03:00\sAM$/u);
    expect(screen.getByTestId("agenda-zone")).toHaveTextContent("Times are shown in GMT+9.");
  });

  it("folds a long description", async () => {
    await setUpVenue();
    fakeServer();
    const user = userEvent.setup();
    renderInApp(<AgendaPanel />);
    const workshop = await findRow("s-workshop");
    const more = within(workshop).getByRole("button", { name: "Show more" });
    expect(more).toHaveAttribute("aria-expanded", "false");
    await user.click(more);
    expect(within(workshop).getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
  });

  it("marks a running session Live with Watch to its screen's room, and ticks to Ended", async () => {
    vi.setSystemTime(new Date("2026-03-02T17:30:00Z"));
    await setUpVenue();
    fakeServer();
    renderInApp(<AgendaPanel />);
    const workshop = await findRow("s-workshop");
    expect(within(workshop).getByText("Live")).toBeInTheDocument();
    const watch = await within(workshop).findByRole("link", { name: "Watch" });
    expect(watch).toHaveAttribute("href", "/auditorium?id=s-workshop");
    expect(watch).toHaveAccessibleDescription("Streaming workshop");
    expect(within(workshop).getByText("In Auditorium")).toBeInTheDocument();

    vi.setSystemTime(new Date("2026-03-02T18:00:01Z"));
    await waitFor(() => expect(within(row("s-workshop")).getByText("Ended")).toBeInTheDocument(), { timeout: 3000 });
    expect(within(row("s-workshop")).queryByRole("link", { name: "Watch" })).toBeNull();
    expect(within(row("s-workshop")).getByRole("link", { name: "Go there" })).toHaveAttribute("href", "/auditorium?id=s-workshop");
  });

  it("says Live while the venue still plays a session on its screen (the tick's switch delay)", async () => {
    vi.setSystemTime(new Date("2026-03-02T18:00:05Z")); // 5 s after its end
    await setUpVenue({ running: { "auditorium-screen": "s-workshop" } });
    fakeServer();
    renderInApp(<AgendaPanel />);
    const workshop = await findRow("s-workshop");
    expect(within(workshop).getByText("Live")).toBeInTheDocument();
    expect(await within(workshop).findByRole("link", { name: "Watch" })).toHaveAttribute("href", "/auditorium?id=s-workshop");
  });

  it("says Happening now for an on-site session, with Go there to its room", async () => {
    vi.setSystemTime(new Date("2026-03-03T18:10:00Z"));
    await setUpVenue();
    fakeServer();
    renderInApp(<AgendaPanel />);
    // Day 3: the on-site panel in the lobby is happening, with nothing to watch.
    const panel = await findRow("s-panel");
    expect(within(panel).getByText("Happening now")).toBeInTheDocument();
    expect(await within(panel).findByRole("link", { name: "Go there" })).toHaveAttribute("href", "/welcome-hall");
    expect(within(panel).queryByRole("link", { name: "Watch" })).toBeNull();
  });

  it("adds to and removes from the personal agenda at once, and undoes a refused change", async () => {
    await setUpVenue();
    const server = fakeServer();
    const user = userEvent.setup();
    renderInApp(<AgendaPanel />);
    const workshop = await findRow("s-workshop");
    const add = await within(workshop).findByRole("button", { name: "Add to my agenda" });
    await waitFor(() => expect(add).toBeEnabled());

    await user.click(add);
    expect(within(workshop).getByRole("button", { name: "Remove from my agenda" })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo("PUT", "/events/e1/agenda/personal/s-workshop")).toHaveLength(1));
    expect(server.state.personal.has("s-workshop")).toBe(true);

    // The server refuses the removal: the button says so at once, then comes back with a notice.
    let release: () => void = () => undefined;
    server.state.gate.set("DELETE /events/e1/agenda/personal/s-workshop", new Promise<void>((resolve) => (release = resolve)));
    server.answer("DELETE /events/e1/agenda/personal/s-workshop", "offline");
    await user.click(within(workshop).getByRole("button", { name: "Remove from my agenda" }));
    const pending = within(workshop).getByRole("button", { name: "Add to my agenda" });
    expect(pending).toHaveAttribute("aria-disabled", "true");
    release();
    await waitFor(() => expect(within(workshop).getByRole("button", { name: "Remove from my agenda" })).not.toHaveAttribute("aria-disabled"));
    expect(useNotifications.getState().items.map((n) => [n.type, n.text])).toEqual([
      ["error", expect.stringContaining("“Streaming workshop” could not be removed from your agenda.")],
    ]);
    expect(server.state.personal.has("s-workshop")).toBe(true);

    // Removing works when the server agrees.
    await user.click(within(workshop).getByRole("button", { name: "Remove from my agenda" }));
    await waitFor(() => expect(server.state.personal.has("s-workshop")).toBe(false));
    expect(within(workshop).getByRole("button", { name: "Add to my agenda" })).toBeInTheDocument();
  });

  it("lists My agenda from GET /agenda/personal by day, and keeps the focus when a session goes", async () => {
    await setUpVenue({ shift: -8 });
    const server = fakeServer({ personal: ["s-panel", "s-opening"] });
    const user = userEvent.setup();
    const onModeChange = vi.fn();
    renderInApp(<AgendaPanel onModeChange={onModeChange} />);
    await user.click(screen.getByRole("button", { name: "My agenda" }));
    expect(screen.getByRole("button", { name: "My agenda" })).toHaveAttribute("aria-pressed", "true");
    expect(onModeChange).toHaveBeenCalledWith("personal");

    expect(await screen.findByRole("heading", { level: 3, name: "Day 1 · 01.03.2026" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Day 3 · 03.03.2026" })).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 4 }).map((h) => h.textContent)).toEqual(["Opening night", "Community panel"]);
    expect(screen.queryAllByRole("tab")).toEqual([]);
    expect(server.callsTo("GET", "/events/e1/agenda/personal").length).toBeGreaterThan(0);
    expect(screen.getByText("You are reminded here 5 minutes before each session of your agenda starts.")).toBeInTheDocument();

    await user.click(within(row("s-opening")).getByRole("button", { name: "Remove from my agenda" }));
    await waitFor(() => expect(document.querySelector('[data-session="s-opening"]')).toBeNull());
    expect(within(row("s-panel")).getByRole("button", { name: "Remove from my agenda" })).toHaveFocus();
    await waitFor(() => expect(server.callsTo("DELETE", "/events/e1/agenda/personal/s-opening")).toHaveLength(1));

    await user.click(within(row("s-panel")).getByRole("button", { name: "Remove from my agenda" }));
    expect(await screen.findByText(/Your agenda is empty\./)).toHaveFocus();
  });

  it("keeps the frame's mode when controlled", async () => {
    await setUpVenue();
    fakeServer();
    const user = userEvent.setup();
    const onModeChange = vi.fn();
    renderInApp(<AgendaPanel mode="personal" onModeChange={onModeChange} />);
    await user.click(screen.getByRole("button", { name: "By location" }));
    expect(onModeChange).toHaveBeenCalledWith("location");
    expect(screen.getByRole("button", { name: "My agenda" })).toHaveAttribute("aria-pressed", "true");
  });

  it("groups the day's sessions by room in the location mode", async () => {
    await setUpVenue();
    fakeServer();
    const user = userEvent.setup();
    renderInApp(<AgendaPanel />);
    await user.click(screen.getByRole("button", { name: "By location" }));
    const room = await screen.findByRole("heading", { level: 3, name: "Auditorium" });
    const section = room.closest("section");
    expect(section).not.toBeNull();
    expect(within(section as HTMLElement).getByRole("link", { name: "Go to Auditorium" })).toHaveAttribute("href", "/auditorium");
    expect(within(section as HTMLElement).getByRole("heading", { level: 4, name: "Streaming workshop" })).toBeInTheDocument();
  });

  it("downloads a session's calendar file with the token, and says when it cannot", async () => {
    await setUpVenue();
    const server = fakeServer();
    useSession.setState({ token: "the-token" });
    const user = userEvent.setup();
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    // jsdom has no blob: URLs; the two functions are put back after the test.
    const created = vi.fn(() => "blob:calendar");
    const revoked = vi.fn();
    URL.createObjectURL = created;
    URL.revokeObjectURL = revoked;
    renderInApp(<AgendaPanel />);
    const workshop = await findRow("s-workshop");

    await user.click(within(workshop).getByRole("button", { name: "Add to calendar" }));
    await waitFor(() => expect(clicked).toEqual([{ href: "blob:calendar", download: "demo-s-workshop.ics" }]));
    const [call] = server.callsTo("GET", "/events/e1/agenda/sessions/s-workshop.ics");
    expect(call?.headers.get("Authorization")).toBe("Bearer the-token");
    await waitFor(() => expect(revoked).toHaveBeenCalledWith("blob:calendar"));

    server.answer("GET /events/e1/agenda/sessions/s-workshop.ics", { status: 404, body: { Error: { Code: "ACTIVITY_NOT_FOUND", Message: "gone" } } });
    await user.click(within(workshop).getByRole("button", { name: "Add to calendar" }));
    await waitFor(() =>
      expect(useNotifications.getState().items.map((n) => n.text)).toEqual([expect.stringContaining("The calendar file for “Streaming workshop” could not be downloaded.")]),
    );
  });

  it("opens a speaker's page from a session, and Back returns the focus to the speaker", async () => {
    await setUpVenue();
    fakeServer();
    const user = userEvent.setup();
    renderInApp(<AgendaPanel />);
    const workshop = await findRow("s-workshop");
    const chip = within(workshop).getByRole("button", { name: "Maya Chen" });
    await user.click(chip);

    const name = screen.getByRole("heading", { level: 3, name: "Maya Chen" });
    expect(name).toHaveFocus();
    const page = screen.getByRole("article", { name: "Maya Chen" });
    expect(within(page).getByText("Head of Hybrid, Venuely Labs")).toBeInTheDocument();
    expect(page.querySelector("img")).toHaveAttribute("src", "https://img.example/maya.jpg");
    expect(within(page).getByText("Maya designs events that work on a phone.")).toBeInTheDocument();
    expect(within(page).getByRole("link", { name: "Website (opens in a new tab)" })).toHaveAttribute("href", "https://maya.example.com/");
    expect(within(page).queryByRole("link", { name: /Bad/ })).toBeNull();
    // Her sessions over the whole event, not just this day.
    await waitFor(() => expect(within(page).getByText("Opening night")).toBeInTheDocument());
    expect(within(page).getByText("Streaming workshop")).toBeInTheDocument();
    expect(within(page).queryByText("Community panel")).toBeNull();
    expect(screen.queryByRole("button", { name: "Full agenda" })).toBeNull(); // the list is hidden

    await user.click(within(page).getByRole("button", { name: "Back to the agenda" }));
    expect(screen.queryByRole("article")).toBeNull();
    expect(within(row("s-workshop")).getByRole("button", { name: "Maya Chen" })).toHaveFocus();

    await user.click(within(row("s-workshop")).getByRole("button", { name: "Jonas Weber" }));
    await user.keyboard("{Escape}");
    expect(within(row("s-workshop")).getByRole("button", { name: "Jonas Weber" })).toHaveFocus();
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { eventFixture, fakeServer, organizerAnswers, renderConsole, setUpConsole, type Call, type Handler } from "@/app/console/test-utils";
import { PAGE_SIZE } from "./api";

function row(n: number, overrides: Record<string, unknown> = {}) {
  const id = n.toString(16).padStart(24, "0");
  return {
    ...eventFixture({ ID: id, InternalName: `event-${n}`, Title: `Event ${n}` }),
    CustomerName: "Demo Customer",
    MayDelete: true,
    ...overrides,
  };
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.url.pathname === "/api/v1/events/managed");

function serve(list: (call: Call) => { status: number; body?: unknown }, extra?: Handler): Call[] {
  return fakeServer(async (call) => {
    if (call.url.pathname === "/api/v1/events/managed" && call.method === "GET") return list(call);
    return (await extra?.(call)) ?? organizerAnswers(call);
  });
}

describe("events list", () => {
  beforeEach(() => setUpConsole(true));

  it("shows the upcoming events in a table, dates in each event's zone", async () => {
    const calls = serve(() => ({ status: 200, body: [row(1, { IsListed: false }), row(2, { Title: "Autumn Fair", TimeZone: "America/New_York", DateBeginUTC: "2031-10-01T13:00:00Z", DateEndUTC: "2031-10-01T21:00:00Z" })] }));
    renderConsole("/");
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Title", "Internal name", "Dates", "Customer", "Listed", "Actions"]);
    const first = rows[1] as HTMLElement;
    expect(within(first).getByRole("link", { name: "Event 1" })).toHaveAttribute("href", `/manage/events/${"1".padStart(24, "0")}`);
    expect(within(first).getByText("No")).toBeInTheDocument();
    expect(within(first).getByText(/01\.05\.2031 09:00 – 01\.05\.2031 17:00/)).toBeInTheDocument();
    const second = rows[2] as HTMLElement;
    expect(within(second).getByText(/01\.10\.2031 09:00 – 01\.10\.2031 17:00/)).toBeInTheDocument();
    expect(within(second).getByText("America/New_York")).toBeInTheDocument();
    expect(within(second).getByRole("button", { name: /^Preview as attendee\s*– Autumn Fair \(opens in a new tab\)$/ })).toBeInTheDocument();
    const query = listCalls(calls)[0]?.url.searchParams;
    expect(query?.get("When")).toBe("upcoming");
    expect(query?.get("MaxCount")).toBe(String(PAGE_SIZE));
    expect(query?.has("StartID")).toBe(false);
  });

  it("switches to past events with the tabs (arrow keys too)", async () => {
    const calls = serve((call) => ({ status: 200, body: call.url.searchParams.get("When") === "past" ? [row(9, { Title: "Last Year" })] : [row(1)] }));
    const { router } = renderConsole("/");
    const user = userEvent.setup();
    const upcoming = await screen.findByRole("tab", { name: "Upcoming" });
    expect(upcoming).toHaveAttribute("aria-selected", "true");
    await screen.findByRole("link", { name: "Event 1" });
    upcoming.focus();
    await user.keyboard("{ArrowRight}");
    expect(await screen.findByRole("link", { name: "Last Year" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Past" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Past" })).toHaveFocus();
    expect(router.state.location.search).toBe("?when=past");
    expect(listCalls(calls).at(-1)?.url.searchParams.get("When")).toBe("past");
    expect(screen.getByRole("tabpanel")).toHaveAttribute("aria-labelledby", "events-tab-past");
  });

  it("searches once the typing pauses", async () => {
    const calls = serve((call) => ({ status: 200, body: call.url.searchParams.get("search") === "spring" ? [row(3, { Title: "Spring Summit" })] : [row(1)] }));
    const { router } = renderConsole("/");
    await screen.findByRole("link", { name: "Event 1" });
    await userEvent.setup().type(screen.getByRole("searchbox", { name: "Search events" }), "spring");
    expect(await screen.findByRole("link", { name: "Spring Summit" })).toBeInTheDocument();
    // One request for the settled text, none for "s", "sp", ...
    expect(listCalls(calls).map((c) => c.url.searchParams.get("search"))).toEqual([null, "spring"]);
    await waitFor(() => expect(router.state.location.search).toBe("?q=spring"));
  });

  it("loads more after a full page, from the last ID shown", async () => {
    const firstPage = Array.from({ length: PAGE_SIZE }, (_, i) => row(i + 1));
    const calls = serve((call) => ({ status: 200, body: call.url.searchParams.get("StartID") ? [row(500, { Title: "The Last One" })] : firstPage }));
    renderConsole("/");
    const more = await screen.findByRole("button", { name: "Load more" });
    expect(screen.getByText(`Events shown: ${PAGE_SIZE}`)).toBeInTheDocument();
    await userEvent.setup().click(more);
    expect(await screen.findByRole("link", { name: "The Last One" })).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.url.searchParams.get("StartID")).toBe(PAGE_SIZE.toString(16).padStart(24, "0"));
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    expect(screen.getByText(`Events shown: ${PAGE_SIZE + 1}`)).toBeInTheDocument();
  });

  it("says when there are no upcoming events and offers to create one", async () => {
    serve(() => ({ status: 200, body: [] }));
    renderConsole("/");
    expect(await screen.findByText("No upcoming events")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "New event" }).map((a) => a.getAttribute("href"))).toEqual(["/manage/events/new", "/manage/events/new"]);
  });

  it("hides New event when no customer may create events, and says why", async () => {
    serve(
      () => ({ status: 200, body: [row(1, { MayDelete: false })] }),
      (call) => (call.url.pathname === "/api/v1/customers" ? { status: 200, body: [{ ID: "c".repeat(24), Name: "Theirs", MayCreateEvents: false }] } : undefined),
    );
    renderConsole("/");
    expect(await screen.findByText(/you can manage your existing events, but not add new ones/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "New event" })).not.toBeInTheDocument();
    // Event admins may not delete.
    expect(screen.queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("shows a failure with a way to retry", async () => {
    let fail = true;
    serve(() => (fail ? { status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "boom" } } } : { status: 200, body: [row(1)] }));
    renderConsole("/");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The events could not be loaded. Something went wrong. Please try again.");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Event 1" })).toBeInTheDocument();
  });

  it("deletes an event after its internal name is typed", async () => {
    let rows = [row(1), row(2)];
    const calls = serve(
      () => ({ status: 200, body: rows }),
      (call) => {
        if (call.method === "DELETE") {
          rows = rows.filter((r) => !call.url.pathname.endsWith(r.ID));
          return { status: 204 };
        }
        return undefined;
      },
    );
    renderConsole("/");
    const user = userEvent.setup();
    // jsdom joins the visible text and the hidden " – title" without the space browsers keep.
    const trigger = await screen.findByRole("button", { name: /^Delete\s*– Event 2$/ });
    await user.click(trigger);
    const dialog = screen.getByRole("alertdialog", { name: "Delete “Event 2”?" });
    const input = within(dialog).getByLabelText("To confirm, type the internal name: event-2");
    expect(input).toHaveFocus();
    const confirm = within(dialog).getByRole("button", { name: "Delete event" });
    expect(confirm).toBeDisabled();
    await user.type(input, "event-1");
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, "event-2");
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(await screen.findByText("The event “Event 2” has been deleted.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url.pathname)).toEqual([`/api/v1/events/${"2".padStart(24, "0")}`]);
    await waitFor(() => expect(screen.queryByRole("link", { name: "Event 2" })).not.toBeInTheDocument());
  });

  it("cancels deleting with Escape and gives focus back", async () => {
    serve(() => ({ status: 200, body: [row(1)] }));
    renderConsole("/");
    const user = userEvent.setup();
    const trigger = await screen.findByRole("button", { name: /^Delete\s*– Event 1$/ });
    await user.click(trigger);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
  it("previews an event as an attendee: a preview token where the attendee app looks, then the event in a new tab", async () => {
    const calls = serve(
      () => ({ status: 200, body: [row(2, { Title: "Autumn Fair" })] }),
      (call) =>
        call.url.pathname === `/api/v1/events/${"2".padStart(24, "0")}/preview` && call.method === "POST"
          ? { status: 201, body: { Token: "a.b.c", PersonID: "p", EventID: "2".padStart(24, "0"), InternalName: "event-2" } }
          : undefined,
    );
    const tab = { opener: {} as unknown, location: { href: "" }, close: vi.fn() };
    const open = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    renderConsole("/");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: /^Preview as attendee/ }));
    await waitFor(() => expect(tab.location.href).toBe("/event-2"));
    expect(open).toHaveBeenCalledTimes(1);
    expect(tab.opener).toBeNull();
    expect(calls.filter((c) => c.url.pathname.endsWith("/preview"))).toHaveLength(1);
    expect(await (await db()).jwts.get("2".padStart(24, "0"))).toEqual({ eventID: "2".padStart(24, "0"), token: "a.b.c" });
    open.mockRestore();
  });
});

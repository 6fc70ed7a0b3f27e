import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CalendarFeedBox } from "./CalendarFeedBox";
import { fakeServer, renderInApp, resetVenue, setUpVenue } from "./testing";

const FEED = "/events/e1/agenda/calendar";

describe("CalendarFeedBox", () => {
  beforeEach(() => setUpVenue());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetVenue();
  });

  it("creates the secret URL, shows it once with copy and webcal links, then only says that it exists", async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    const view = renderInApp(<CalendarFeedBox eventID="e1" />);
    expect(await screen.findByText("You have no calendar link yet.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Create calendar link" }));
    const url = await screen.findByRole("textbox", { name: "Calendar link" });
    const secret = "https://venue.example/api/v1/events/e1/agenda/calendar/secret-1.ics";
    expect(url).toHaveValue(secret);
    expect(url).toHaveFocus();
    expect(server.callsTo("POST", FEED)).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Open in calendar app" })).toHaveAttribute("href", "webcal://venue.example/api/v1/events/e1/agenda/calendar/secret-1.ics");

    await user.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(screen.getByText("The link is copied.")).toBeInTheDocument();

    // Shown once: another visit of the box only learns that a link exists, and since when.
    view.unmount();
    renderInApp(<CalendarFeedBox eventID="e1" />);
    expect(await screen.findByText(/You have a calendar link, created on 01\.03\.2026\./)).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("asks before replacing or turning off the link", async () => {
    const server = fakeServer({ feedActive: true });
    const user = userEvent.setup();
    renderInApp(<CalendarFeedBox eventID="e1" />);
    expect(await screen.findByText(/created on 20\.02\.2026/)).toBeInTheDocument();

    // Replace, cancelled: nothing is sent, the focus is back on the button.
    await user.click(screen.getByRole("button", { name: "Replace link" }));
    let dialog = screen.getByRole("alertdialog", { name: "Replace your calendar link?" });
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Replace link" })).toHaveFocus();
    expect(server.callsTo("POST", FEED)).toHaveLength(0);

    // Replace, confirmed: a new URL, shown.
    await user.click(screen.getByRole("button", { name: "Replace link" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Replace link" }));
    expect(await screen.findByRole("textbox", { name: "Calendar link" })).toHaveValue("https://venue.example/api/v1/events/e1/agenda/calendar/secret-1.ics");

    // Turn off, refused once (shown in the dialog), then done.
    server.answer(`DELETE ${FEED}`, "offline");
    await user.click(screen.getByRole("button", { name: "Turn off link" }));
    dialog = screen.getByRole("alertdialog", { name: "Turn off your calendar link?" });
    expect(server.callsTo("DELETE", FEED)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Turn off link" }));
    expect(await within(dialog).findByText(/That did not work\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Turn off link" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(server.callsTo("DELETE", FEED)).toHaveLength(2);
    expect(server.state.feed.Active).toBe(false);
    expect(screen.getByText("Your calendar link is turned off.")).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.getByRole("button", { name: "Create calendar link" })).toHaveFocus();
  });
});

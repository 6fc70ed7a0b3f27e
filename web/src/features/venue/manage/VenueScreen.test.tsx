import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "@/app/console/test-utils";
import { useNotifications } from "@/features/notifications";
import { initI18n } from "@/lib/i18n";
import type * as Realtime from "@/lib/realtime";
import { VenueScreen } from "./VenueScreen";
import { CUSTOMER, EVENT, PANO, renderWithClient, serve, tourEvent, type Server } from "./venue-test-utils";

vi.mock("@/lib/realtime", async (importOriginal) => ({
  ...(await importOriginal<typeof Realtime>()),
  realtime: (await import("@/lib/realtime/testing")).fakeRealtime,
}));
vi.mock("../PanoramaViewer", () => ({ PanoramaViewer: () => null }));

const toasts = () => useNotifications.getState().items.map((n) => n.text);
const versionsRegion = () => screen.getByRole("region", { name: "Versions of Campus" });
const item = (n: number) => versionsRegion().querySelector(`[data-version="${n}"]`) as HTMLElement;
/** Once the tours are listed (the event alone answers first). */
const ready = () => screen.findByRole("region", { name: "Versions of Campus" });
const usedByDemo = [{ EventID: EVENT, InternalName: "demo", Title: "Demo Days", PanoURL: `/tours/${PANO}/1/` }];

function open(server: Server = serve(fakeServer)) {
  renderWithClient(<VenueScreen eventId={EVENT} />);
  return { server, user: userEvent.setup() };
}

beforeEach(async () => {
  await initI18n("en");
  useNotifications.setState({ items: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("VenueScreen", { timeout: 20_000 }, () => {
  it("shows what the event uses, the customer's tours and each version with its usage", async () => {
    const server = serve(fakeServer);
    server.usage[`${PANO}/1`] = usedByDemo;
    open(server);
    expect(screen.getByRole("heading", { level: 2, name: "Venue" })).toBeInTheDocument();
    await ready();
    expect(screen.getByTestId("current-tour")).toHaveTextContent("Attendees of this event walk through Campus, version 1.");
    const panosCall = server.calls.find((c) => c.url.pathname === "/api/v1/panos");
    expect(panosCall?.url.searchParams.get("CustomerID")).toBe(CUSTOMER);
    const select = screen.getByLabelText("Tour");
    expect([...select.querySelectorAll("option")].map((o) => o.textContent)).toEqual(["Campus (2 versions, used by this event)", "Harbour (0 versions)"]);
    expect(select).toHaveValue(PANO);

    // Newest first; the event's version is marked.
    expect([...versionsRegion().querySelectorAll("li")].map((li) => li.dataset.version)).toEqual(["2", "1"]);
    expect(item(1)).toHaveAttribute("aria-current", "true");
    expect(within(item(1)).getByText("Used by this event")).toBeInTheDocument();
    expect(item(2)).not.toHaveAttribute("aria-current");
    expect(within(item(1)).getByText(/^04\.03\.2031 \d\d:\d\d$/)).toBeInTheDocument();
    expect(within(item(1)).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(item(2)).getByText("Not recorded")).toBeInTheDocument();
    expect(within(item(1)).getByText("3 MB")).toBeInTheDocument();
    expect(await within(item(1)).findByText("Used by Demo Days.")).toBeInTheDocument();
    expect(await within(item(2)).findByText("Not used by any event.")).toBeInTheDocument();
    // A used version cannot be deleted, and says why.
    const deleteUsed = within(item(1)).getByRole("button", { name: "Delete Version 1" });
    expect(deleteUsed).toHaveAttribute("aria-disabled", "true");
    expect(deleteUsed).toHaveAccessibleDescription("Events use this version: it can be deleted once they use another one.");
    expect(within(item(1)).queryByRole("button", { name: /Use for this event/ })).toBeNull();
    // The event's version is the one previewed.
    expect(screen.getByRole("heading", { name: "Preview of version 1 of Campus" })).toBeInTheDocument();

    const results = await axe.run(document.body, { runOnly: ["wcag2a", "wcag2aa"], rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  it("a used version asks nothing: Delete does not open the dialog", async () => {
    const server = serve(fakeServer);
    server.usage[`${PANO}/1`] = usedByDemo;
    const { user } = open(server);
    await ready();
    await within(item(1)).findByText("Used by Demo Days.");
    await user.click(within(item(1)).getByRole("button", { name: "Delete Version 1" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(server.calls.filter((c) => c.method === "DELETE")).toEqual([]);
  });

  it("uses another version for the event with PanoID and PanoVersion only", async () => {
    const { server, user } = open();
    await ready();
    const usageCalls = () => server.calls.filter((c) => c.url.pathname.endsWith("/usage")).length;
    const before = usageCalls();
    await user.click(within(item(2)).getByRole("button", { name: "Use for this event Version 2" }));
    const put = server.calls.find((c) => c.method === "PUT");
    expect(put?.url.pathname).toBe(`/api/v1/events/${EVENT}`);
    expect(put?.body).toEqual({ PanoID: PANO, PanoVersion: 2 });
    expect(await within(item(2)).findByText("Used by this event")).toBeInTheDocument();
    expect(screen.getByTestId("current-tour")).toHaveTextContent("Campus, version 2.");
    expect(toasts()).toContain("This event now uses version 2 of Campus.");
    // The row's button is gone: the focus stays in the row.
    expect(document.activeElement).toBe(within(item(2)).getByRole("heading", { level: 4 }));
    // Both versions' usage changed: it is read again.
    await waitFor(() => expect(usageCalls()).toBeGreaterThan(before));
  });

  it("a refused choice says why and changes nothing", async () => {
    const server = serve(fakeServer);
    server.next.put.push({ status: 404, body: { Error: { Code: "NOT_FOUND", Message: "Version 2 of pano not found" } } });
    const { user } = open(server);
    await ready();
    await user.click(within(item(2)).getByRole("button", { name: "Use for this event Version 2" }));
    expect(await within(item(2)).findByRole("alert")).toHaveTextContent("The event's tour was not changed. This could not be found. It may have been removed.");
    expect(item(1)).toHaveAttribute("aria-current", "true");
  });

  it("deletes an unused version after asking, and the focus goes to the list", async () => {
    const { server, user } = open();
    await ready();
    await within(item(2)).findByText("Not used by any event.");
    await user.click(within(item(2)).getByRole("button", { name: "Delete Version 2" }));
    let dialog = screen.getByRole("alertdialog", { name: "Delete version 2 of Campus?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(server.calls.filter((c) => c.method === "DELETE")).toEqual([]);

    await user.click(within(item(2)).getByRole("button", { name: "Delete Version 2" }));
    dialog = screen.getByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(server.calls.filter((c) => c.method === "DELETE").map((c) => c.url.pathname)).toEqual([`/api/v1/panos/${PANO}/versions/2`]);
    await waitFor(() => expect(item(2)).toBeNull());
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(toasts()).toContain("Version 2 of Campus deleted.");
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Versions of Campus" }));
  });

  it("a deletion the server refuses because an event now uses it names the event", async () => {
    const server = serve(fakeServer);
    const { user } = open(server);
    await ready();
    await within(item(2)).findByText("Not used by any event.");
    // Meanwhile another event was pointed at it.
    server.usage[`${PANO}/2`] = [{ EventID: "9".repeat(24), InternalName: "gala", Title: "Summer Gala", PanoURL: `/tours/${PANO}/2/` }];
    server.next.del.push({ status: 409, body: { Error: { Code: "CONFLICT", Message: "Events still use this version", Data: { EventIDs: ["9".repeat(24)] } } } });
    await user.click(within(item(2)).getByRole("button", { name: "Delete Version 2" }));
    const dialog = screen.getByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Not deleted: this version is used by Summer Gala. Choose another version for them first.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(item(2)).not.toBeNull();
    expect(within(item(2)).getByText("Used by Summer Gala.")).toBeInTheDocument();
    expect(within(item(2)).getByRole("button", { name: "Delete Version 2" })).toHaveAttribute("aria-disabled", "true");
  });

  it("without tours: the form to create one is open; it checks the name and selects the new tour", async () => {
    const server = serve(fakeServer, tourEvent({ PanoURL: "", PanoID: null, PanoVersion: null }), []);
    const { user } = open(server);
    expect(await screen.findByTestId("current-tour")).toHaveTextContent("This event has no tour yet");
    expect(await screen.findByText("The customer has no tours yet. Create one, then upload a package to it.")).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "New tour" });
    await user.click(within(form).getByRole("button", { name: "Create tour" }));
    expect(within(form).getByText("Please enter a name.")).toBeInTheDocument();
    expect(document.activeElement).toBe(within(form).getByLabelText("Name"));
    expect(server.calls.filter((c) => c.method === "POST")).toEqual([]);

    await user.type(within(form).getByLabelText("Name"), "  Harbour  ");
    await user.click(within(form).getByRole("button", { name: "Create tour" }));
    expect(server.calls.find((c) => c.method === "POST")?.body).toEqual({ CustomerID: CUSTOMER, Name: "Harbour" });
    expect(await screen.findByRole("region", { name: "Upload a version of Harbour" })).toBeInTheDocument();
    expect(screen.getByLabelText("Tour")).toHaveDisplayValue("Harbour (0 versions)");
    expect(screen.getByText("No versions yet. Upload a tour package above.")).toBeInTheDocument();
    expect(toasts()).toContain('Tour "Harbour" created.');
  });

  it("a refused creation keeps the typed name", async () => {
    const server = serve(fakeServer, tourEvent(), []);
    server.next.create.push({ status: 500, body: { Error: { Code: "INTERNAL_ERROR", Message: "boom" } } });
    const { user } = open(server);
    const form = await screen.findByRole("form", { name: "New tour" });
    await user.type(within(form).getByLabelText("Name"), "Harbour");
    await user.click(within(form).getByRole("button", { name: "Create tour" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("The tour was not created. Something went wrong. Please try again.");
    expect(within(form).getByLabelText("Name")).toHaveValue("Harbour");
  });

  it("an event admin, who may not read the customer's tours, sees what the event uses", async () => {
    const server = serve(fakeServer);
    server.next.panos.push({ status: 403, body: { Error: { Code: "FORBIDDEN", Message: "Not an admin of this customer" } } });
    open(server);
    expect(await screen.findByText(/only its customer admins can upload them/)).toBeInTheDocument();
    expect(screen.getByTestId("current-tour")).toHaveTextContent("version 1 of a tour");
    expect(screen.queryByRole("region", { name: /Upload a version/ })).toBeNull();
    expect(screen.getByRole("heading", { name: "Preview of this event's tour" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: /Lobby/ })).toBeInTheDocument();
  });
});
